import { zodResolver } from '@hookform/resolvers/zod';
import {
  RESET_TOKEN_REFUSED,
  ZResetPasswordRequest,
  ZResetToken,
} from '@nexusplay/contract/account';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { NewPasswordFields } from '../../../components/ui/new-password-fields';
import { SaveForm, useSaveForm } from '../../../components/ui/save-form';
import { useResetPasswordMutation, useResetTokenCheck } from '../api/password-reset';

type ResetPasswordFormProps = {
  /** The token from the mailed link. */
  token: string;
  /** Called once the new password is set. */
  onReset: () => void;
};

/**
 * The new password and its confirmation, under the registration form's rules. A link that is
 * used, expired or no link at all is said so as the page opens, before any password is typed.
 */
export function ResetPasswordForm({ token, onReset }: ResetPasswordFormProps) {
  const wellFormed = ZResetToken.safeParse(token).success;
  const check = useResetTokenCheck(token, wellFormed);
  // Should the check itself fail, the form stays: setting the password will say what is wrong.
  if (!wellFormed || check.data?.usable === false) {
    return <FormAlert>{RESET_TOKEN_REFUSED}</FormAlert>;
  }
  return <NewPasswordForm token={token} onReset={onReset} />;
}

function NewPasswordForm({ token, onReset }: ResetPasswordFormProps) {
  const form = useForm({
    resolver: zodResolver(ZResetPasswordRequest),
    defaultValues: { token, new_password: '', confirm_password: '' },
  });
  const save = useSaveForm(form, useResetPasswordMutation(), {
    variables: (values) => values,
    onSaved: onReset,
    fallback: 'The password could not be set. Please try again.',
  });
  // The token is no field the visitor can correct: its message goes above the form.
  const tokenProblem = form.formState.errors.token?.message;

  return (
    <SaveForm save={{ ...save, alert: save.alert ?? tokenProblem }} className="space-y-4">
      <input type="hidden" {...form.register('token')} />
      <NewPasswordFields
        password={save.field('new_password')}
        confirmation={save.field('confirm_password')}
      />
      <Button type="submit" disabled={save.pending} className="w-full py-2.5">
        {save.pending ? 'Saving...' : 'Set new password'}
      </Button>
    </SaveForm>
  );
}
