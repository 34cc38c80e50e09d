import { zodResolver } from '@hookform/resolvers/zod';
import { ROLES, ZUserRequest, type TUserListItem } from '@nexusplay/contract/users';
import { useForm } from 'react-hook-form';
import { FormActions } from '../../../components/ui/form-actions';
import { FormAlert, useFormFeedback } from '../../../components/ui/form-alert';
import { TextField } from '../../../components/ui/text-field';
import { SelectField } from '../../../components/ui/select-field';
import { useSaveErrors } from '../../../lib/form-errors';
import { useSaveUserMutation, type SavedUser } from '../api/manage-users';

const ROLE_LABELS: Record<(typeof ROLES)[number], string> = { user: 'User', admin: 'Admin' };

type UserFormProps = {
  /** The account to edit; without one the form adds a new account. */
  user?: TUserListItem | undefined;
  onSaved: (saved: SavedUser) => void;
  onCancel: () => void;
};

export function UserForm({ user, onSaved, onCancel }: UserFormProps) {
  const mutation = useSaveUserMutation();
  const form = useForm({
    // The values are checked here but sent as typed: the server applies the same schema itself.
    resolver: zodResolver(ZUserRequest, undefined, { raw: true }),
    defaultValues: {
      username: user?.username ?? '',
      email: user?.email ?? '',
      role: user?.role ?? 'user',
    },
  });
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = form;
  const feedback = useFormFeedback(form, mutation);

  const onSubmit = handleSubmit((values) => {
    mutation.mutate({ id: user?.id, user: values }, { onSuccess: onSaved });
  });
  const alert = useSaveErrors(form, mutation.error, feedback, {
    fallback: user ? 'Failed to update user.' : 'Failed to create user.',
  });

  return (
    <form noValidate onSubmit={feedback.submit(onSubmit)} className="space-y-5">
      {alert ? <FormAlert>{alert}</FormAlert> : null}
      <TextField
        label="Username"
        autoComplete="off"
        error={errors.username?.message}
        {...register('username')}
      />
      <TextField
        label="Email"
        type="email"
        autoComplete="off"
        error={errors.email?.message}
        {...register('email')}
      />
      <SelectField label="Role" error={errors.role?.message} {...register('role')}>
        {ROLES.map((role) => (
          <option key={role} value={role}>
            {ROLE_LABELS[role]}
          </option>
        ))}
      </SelectField>
      <FormActions pending={mutation.isPending} onCancel={onCancel} />
    </form>
  );
}
