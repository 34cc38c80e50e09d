import { zodResolver } from '@hookform/resolvers/zod';
import { ZChangePasswordRequest } from '@nexusplay/contract/account';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { NewPasswordFields } from '../../../components/ui/new-password-fields';
import { SaveForm, useSaveForm } from '../../../components/ui/save-form';
import { TextField } from '../../../components/ui/text-field';
import { useAuth } from '../../../lib/auth';
import { useChangePasswordMutation } from '../api/account';

const EMPTY = { current_password: '', new_password: '', confirm_password: '' };

/**
 * Current password, new password and its confirmation, under the registration form's rules (the
 * common-password check answers from the server). Every other session ends; this one carries on
 * with the fresh token the answer brings.
 */
export function ChangePasswordForm() {
  const { login } = useAuth();
  const mutation = useChangePasswordMutation();
  const form = useForm({ resolver: zodResolver(ZChangePasswordRequest), defaultValues: EMPTY });
  const save = useSaveForm(form, mutation, {
    variables: (values) => values,
    onSaved: ({ token }) => login(token),
    fallback: 'The password could not be changed. Please try again.',
  });

  return (
    <section
      aria-labelledby="change-password-heading"
      className="rounded-2xl border border-slate-800 bg-slate-900/60 p-6"
    >
      <h2 id="change-password-heading" className="text-lg font-semibold text-white">
        Change password
      </h2>
      <p className="mt-1 text-sm text-slate-300">
        Your other devices are signed out; this one stays signed in.
      </p>
      <SaveForm save={save} className="mt-4 max-w-md space-y-4">
        <TextField
          label="Current password"
          type="password"
          autoComplete="current-password"
          {...save.field('current_password')}
        />
        <NewPasswordFields
          password={save.field('new_password')}
          confirmation={save.field('confirm_password')}
        />
        <div className="flex items-center gap-4">
          <Button type="submit" disabled={save.pending}>
            {save.pending ? 'Changing...' : 'Change password'}
          </Button>
          <p role="status" className="text-sm text-emerald-300">
            {/* A new submission takes the last one's news away as it starts. */}
            {mutation.isSuccess
              ? 'Password changed. Your other sessions have been signed out.'
              : ''}
          </p>
        </div>
      </SaveForm>
    </section>
  );
}
