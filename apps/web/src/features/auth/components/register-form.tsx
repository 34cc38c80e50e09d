import { zodResolver } from '@hookform/resolvers/zod';
import { ZRegisterRequest } from '@nexusplay/contract/auth';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { FormAlertMessages } from '../../../components/ui/form-alert';
import { useSaveForm } from '../../../components/ui/save-form';
import { TextField } from '../../../components/ui/text-field';
import { useToast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import type { SaveFailure } from '../../../lib/form-errors';
import { useRegisterMutation } from '../api/register';
import { standingMessages } from './form-messages';

const REGISTER_FALLBACK_ERROR = 'Registration failed. Please try again.';
const FIELDS = ['username', 'email', 'password', 'confirmPassword'] as const;

const ZRegisterForm = ZRegisterRequest.extend({
  confirmPassword: z.string().min(1, 'Please confirm your password.'),
}).refine((values) => values.password === values.confirmPassword, {
  message: 'Passwords do not match.',
  path: ['confirmPassword'],
});

/** The server's email error wins over its username error (SPEC 8); one message in all. */
function registerFailure(error: Error, fallback: string): SaveFailure {
  if (!(error instanceof ApiError)) return { message: fallback };
  const { email, username, ...otherFields } = error.fieldErrors;
  if (email) return { fields: { email } };
  if (username) return { fields: { username } };
  // A rejected field the form did not catch itself is still worth naming.
  const [field, message] = Object.entries(otherFields)[0] ?? [];
  if (error.status === 400 && field && message) return { fields: { [field]: message } };
  if (error.status === 400 && error.serverMessage) return { message: error.serverMessage };
  return { message: fallback };
}

type RegisterFormProps = {
  /** Called after the visitor has been told the account exists. */
  onRegistered?: () => void;
};

/** SPEC 2: every message, the form's own and the server's, in red above the form. */
export function RegisterForm({ onRegistered }: RegisterFormProps) {
  const alertId = useId();
  const toast = useToast();
  const form = useForm({
    resolver: zodResolver(ZRegisterForm),
    defaultValues: { username: '', email: '', password: '', confirmPassword: '' },
  });
  const save = useSaveForm(form, useRegisterMutation(), {
    variables: ({ username, email, password }) => ({ username, email, password }),
    onSaved: () => {
      toast.success('Registration successful! Please login.');
      onRegistered?.();
    },
    fallback: REGISTER_FALLBACK_ERROR,
    describe: registerFailure,
  });
  const { register } = form;

  // A mismatch is about both passwords; a password equal to the name, about all three fields.
  const invalid = standingMessages(form.formState.errors, FIELDS, save.feedback, {
    password: ['username', 'email'],
    confirmPassword: ['password'],
  });
  // The server's message about a field joins the form's own; one about none stands alone.
  const messages = save.alert ? [save.alert] : invalid.messages;
  const alertFor = (field: (typeof FIELDS)[number]) =>
    invalid.fields.has(field) ? alertId : undefined;

  return (
    <form noValidate onSubmit={save.onSubmit} className="space-y-4">
      <FormAlertMessages id={alertId} messages={messages} />
      <TextField
        label="Username"
        autoComplete="username"
        alertId={alertFor('username')}
        {...register('username')}
      />
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        placeholder="you@example.com"
        alertId={alertFor('email')}
        {...register('email')}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="new-password"
        alertId={alertFor('password')}
        {...register('password')}
      />
      <TextField
        label="Confirm Password"
        type="password"
        autoComplete="new-password"
        alertId={alertFor('confirmPassword')}
        {...register('confirmPassword')}
      />
      <Button type="submit" disabled={save.pending} className="w-full py-2.5">
        {save.pending ? 'Creating Account...' : 'Sign Up'}
      </Button>
    </form>
  );
}
