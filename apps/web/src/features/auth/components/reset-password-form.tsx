import { zodResolver } from '@hookform/resolvers/zod';
import {
  RESET_TOKEN_REFUSED,
  ZResetPasswordRequest,
  ZResetToken,
} from '@nexusplay/contract/account';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { FormAlert, useFormFeedback } from '../../../components/ui/form-alert';
import { NewPasswordFields } from '../../../components/ui/new-password-fields';
import { useSaveErrors } from '../../../lib/form-errors';
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
  const mutation = useResetPasswordMutation();
  const form = useForm({
    resolver: zodResolver(ZResetPasswordRequest),
    defaultValues: { token, new_password: '', confirm_password: '' },
  });
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = form;
  const feedback = useFormFeedback(form, mutation);
  const alert = useSaveErrors(form, mutation.error, feedback, {
    fallback: 'The password could not be set. Please try again.',
  });
  // The token is no field the visitor can correct: its message goes above the form.
  const tokenProblem = errors.token?.message;

  const onSubmit = handleSubmit((values) => mutation.mutate(values, { onSuccess: onReset }));
  return (
    <form noValidate onSubmit={feedback.submit(onSubmit)} className="space-y-4">
      {alert || tokenProblem ? <FormAlert>{alert ?? tokenProblem}</FormAlert> : null}
      <input type="hidden" {...register('token')} />
      <NewPasswordFields
        password={{ ...register('new_password'), error: errors.new_password?.message }}
        confirmation={{
          ...register('confirm_password'),
          error: errors.confirm_password?.message,
        }}
      />
      <Button type="submit" disabled={mutation.isPending} className="w-full py-2.5">
        {mutation.isPending ? 'Saving...' : 'Set new password'}
      </Button>
    </form>
  );
}
