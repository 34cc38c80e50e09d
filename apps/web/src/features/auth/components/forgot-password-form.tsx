import { zodResolver } from '@hookform/resolvers/zod';
import { ZForgotPasswordRequest } from '@nexusplay/contract/account';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { SaveForm, useSaveForm } from '../../../components/ui/save-form';
import { TextField } from '../../../components/ui/text-field';
import { useRequestPasswordResetMutation } from '../api/password-reset';

/** Takes an email; the answer is the same whether or not an account uses it. */
export function ForgotPasswordForm() {
  const mutation = useRequestPasswordResetMutation();
  const form = useForm({
    resolver: zodResolver(ZForgotPasswordRequest),
    defaultValues: { email: '' },
  });
  const save = useSaveForm(form, mutation, {
    variables: (values) => values,
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

  return (
    <SaveForm save={save} className="space-y-4">
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        placeholder="you@example.com"
        {...save.field('email')}
      />
      <Button type="submit" disabled={save.pending} className="w-full py-2.5">
        {save.pending ? 'Sending...' : 'Send reset link'}
      </Button>
    </SaveForm>
  );
}
