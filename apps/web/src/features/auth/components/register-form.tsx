import { zodResolver } from '@hookform/resolvers/zod';
import { ZRegisterRequest } from '@nexusplay/contract/auth';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { FormAlertMessages, useFormFeedback } from '../../../components/ui/form-alert';
import { TextField } from '../../../components/ui/text-field';
import { useToast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
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

type Problem = { message: string; field?: string };

/** The server's email error wins over its username error (SPEC 8). */
function registerProblem(error: Error): Problem {
  if (!(error instanceof ApiError)) return { message: REGISTER_FALLBACK_ERROR };
  const { email, username, ...otherFields } = error.fieldErrors;
  if (email) return { message: email, field: 'email' };
  if (username) return { message: username, field: 'username' };
  // A rejected field the form did not catch itself is still worth naming.
  const [field, message] = Object.entries(otherFields)[0] ?? [];
  if (error.status === 400 && field && message) return { message, field };
  if (error.status === 400 && error.serverMessage) return { message: error.serverMessage };
  return { message: REGISTER_FALLBACK_ERROR };
}

type RegisterFormProps = {
  /** Called after the visitor has been told the account exists. */
  onRegistered?: () => void;
};

/** SPEC 2: every message, the form's own and the server's, in red above the form. */
export function RegisterForm({ onRegistered }: RegisterFormProps) {
  const alertId = useId();
  const mutation = useRegisterMutation();
  const toast = useToast();
  const form = useForm({
    resolver: zodResolver(ZRegisterForm),
    defaultValues: { username: '', email: '', password: '', confirmPassword: '' },
  });
  const { register, handleSubmit, reset } = form;
  const feedback = useFormFeedback(form, mutation);

  const onSubmit = handleSubmit(({ username, email, password }) => {
    mutation.mutate(
      { username, email, password },
      {
        onSuccess: () => {
          toast.success('Registration successful! Please login.');
          reset();
          onRegistered?.();
        },
      },
    );
  });

  // A mismatch is about both passwords; a password equal to the name, about all three fields.
  const invalid = standingMessages(form.formState.errors, FIELDS, feedback, {
    password: ['username', 'email'],
    confirmPassword: ['password'],
  });
  const problem = mutation.error ? registerProblem(mutation.error) : undefined;
  const serverProblem =
    problem && feedback.stands(problem.field ? [problem.field] : undefined) ? problem : undefined;
  const messages = serverProblem ? [serverProblem.message] : invalid.messages;
  const alertFor = (field: (typeof FIELDS)[number]) =>
    serverProblem?.field === field || invalid.fields.has(field) ? alertId : undefined;

  return (
    <form noValidate onSubmit={feedback.submit(onSubmit)} className="space-y-4">
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
      <Button type="submit" disabled={mutation.isPending} className="w-full py-2.5">
        {mutation.isPending ? 'Creating Account...' : 'Sign Up'}
      </Button>
    </form>
  );
}
