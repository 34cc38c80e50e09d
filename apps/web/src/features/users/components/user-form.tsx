import { zodResolver } from '@hookform/resolvers/zod';
import { ROLES, ZUserRequest, type TUserListItem } from '@nexusplay/contract/users';
import { useForm } from 'react-hook-form';
import { SaveForm, useSaveForm } from '../../../components/ui/save-form';
import { TextField } from '../../../components/ui/text-field';
import { SelectField } from '../../../components/ui/select-field';
import { useSaveUserMutation, type SavedUser } from '../api/manage-users';

const ROLE_LABELS: Record<(typeof ROLES)[number], string> = { user: 'User', admin: 'Admin' };

type UserFormProps = {
  /** The account to edit; without one the form adds a new account. */
  user?: TUserListItem | undefined;
  onSaved: (saved: SavedUser) => void;
  onCancel: () => void;
};

export function UserForm({ user, onSaved, onCancel }: UserFormProps) {
  const form = useForm({
    // The values are checked here but sent as typed: the server applies the same schema itself.
    resolver: zodResolver(ZUserRequest, undefined, { raw: true }),
    defaultValues: {
      username: user?.username ?? '',
      email: user?.email ?? '',
      role: user?.role ?? 'user',
    },
  });
  const save = useSaveForm(form, useSaveUserMutation(), {
    variables: (values) => ({ id: user?.id, user: values }),
    onSaved,
    // A new account is confirmed by the dialog that shows its one-time password.
    saved: user ? 'User updated.' : undefined,
    fallback: user ? 'Failed to update user.' : 'Failed to create user.',
  });

  return (
    <SaveForm save={save} onCancel={onCancel}>
      <TextField label="Username" autoComplete="off" {...save.field('username')} />
      <TextField label="Email" type="email" autoComplete="off" {...save.field('email')} />
      <SelectField label="Role" {...save.field('role')}>
        {ROLES.map((role) => (
          <option key={role} value={role}>
            {ROLE_LABELS[role]}
          </option>
        ))}
      </SelectField>
    </SaveForm>
  );
}
