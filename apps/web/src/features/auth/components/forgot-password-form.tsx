import { zodResolver } from '@hookform/resolvers/zod';
import { ZForgotPasswordRequest } from '@nexusplay/contract/account';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { FormAlert, useFormFeedback } from '../../../components/ui/form-alert';
import { TextField } from '../../../components/ui/text-field';
import { useSaveErrors } from '../../../lib/form-errors';
import { useRequestPasswordResetMutation } from '../api/password-reset';

/** Takes an email; the answer is the same whether or not an account uses it. */
export function ForgotPasswordForm() {
  const mutation = useRequestPasswordResetMutation();
  const form = useForm({
    resolver: zodResolver(ZForgotPasswordRequest),
    defaultValues: { email: '' },
  });
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = form;
  const feedback = useFormFeedback(form, mutation);
  const alert = useSaveErrors(form, mutation.error, feedback, {
    fallback: 'The request could not be sent. Please try again.',
  });

  if (mutation.isSuccess) {
    return (
      <p
        role="status"
        className="rounded-lg border border-emerald-500/40 bg-emerald-500/10 px-3 py-2.5 text-sm text-emerald-200"
      >
        {mutation.data.message}
      </p>
    );
  }

  const onSubmit = handleSubmit((values) => mutation.mutate(values));
  return (
    <form noValidate onSubmit={feedback.submit(onSubmit)} className="space-y-4">
      {alert ? <FormAlert>{alert}</FormAlert> : null}
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        placeholder="you@example.com"
        error={errors.email?.message}
        {...register('email')}
      />
      <Button type="submit" disabled={mutation.isPending} className="w-full py-2.5">
        {mutation.isPending ? 'Sending...' : 'Send reset link'}
      </Button>
    </form>
  );
}
