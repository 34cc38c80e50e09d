import { zodResolver } from '@hookform/resolvers/zod';
import { ROLES, ZUserRequest, type TUserListItem } from '@nexusplay/contract/users';
import { useId, type ComponentProps } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { TextField } from '../../../components/ui/text-field';
import { cx } from '../../../lib/class-names';
import { describeSaveError } from '../../../lib/form-errors';
import { useSaveUserMutation, type SavedUser } from '../api/manage-users';

const SERVER_FIELDS = ['username', 'email', 'role'] as const;

const ROLE_LABELS: Record<(typeof ROLES)[number], string> = { user: 'User', admin: 'Admin' };

type UserFormProps = {
  /** The account to edit; without one the form adds a new account. */
  user?: TUserListItem | undefined;
  onSaved: (saved: SavedUser) => void;
  onCancel: () => void;
};

export function UserForm({ user, onSaved, onCancel }: UserFormProps) {
  const mutation = useSaveUserMutation();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    // The values are checked here but sent as typed: the server applies the same schema itself.
    resolver: zodResolver(ZUserRequest, undefined, { raw: true }),
    defaultValues: {
      username: user?.username ?? '',
      email: user?.email ?? '',
      role: user?.role ?? 'user',
    },
  });

  const onSubmit = handleSubmit((values) => {
    mutation.mutate({ id: user?.id, user: values }, { onSuccess: onSaved });
  });

  const saveError = describeSaveError(
    mutation.error,
    SERVER_FIELDS,
    user ? 'Failed to update user.' : 'Failed to create user.',
  );

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5">
      {saveError.alert ? <FormAlert>{saveError.alert}</FormAlert> : null}
      <TextField
        label="Username"
        autoComplete="off"
        error={errors.username?.message ?? saveError.fieldErrors.username}
        {...register('username')}
      />
      <TextField
        label="Email"
        type="email"
        autoComplete="off"
        error={errors.email?.message ?? saveError.fieldErrors.email}
        {...register('email')}
      />
      <SelectField
        label="Role"
        error={errors.role?.message ?? saveError.fieldErrors.role}
        {...register('role')}
      >
        {ROLES.map((role) => (
          <option key={role} value={role}>
            {ROLE_LABELS[role]}
          </option>
        ))}
      </SelectField>
      <div className="flex justify-end gap-3 border-t border-slate-800 pt-5">
        <Button variant="secondary" onClick={onCancel} disabled={mutation.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={mutation.isPending}>
          {mutation.isPending ? 'Saving...' : 'Save'}
        </Button>
      </div>
    </form>
  );
}

type SelectFieldProps = ComponentProps<'select'> & { label: string; error?: string | undefined };

/** A labelled native select, styled like the text fields, with its message tied to it. */
function SelectField({ label, error, children, ...props }: SelectFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-slate-200">
        {label}
      </label>
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={cx(
          'block w-full rounded-lg border bg-slate-950/60 px-3 py-2.5 text-slate-100 focus:border-indigo-400',
          error ? 'border-red-400' : 'border-slate-600',
        )}
        {...props}
      >
        {children}
      </select>
      {error ? (
        <p id={errorId} className="text-sm text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}
