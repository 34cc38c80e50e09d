import { zodResolver } from '@hookform/resolvers/zod';
import { ZLoginRequest } from '@nexusplay/contract/auth';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { FormAlertMessages, useFormFeedback } from '../../../components/ui/form-alert';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { useSaveErrors, type SaveFailure } from '../../../lib/form-errors';
import { useLoginMutation } from '../api/login';
import { standingMessages } from './form-messages';

const LOGIN_FALLBACK_ERROR = 'Invalid email or password. Please try again.';
const FIELDS = ['email', 'password'] as const;

/** Whatever the server says about a sign-in is one message, about both fields. */
function loginFailure(error: Error, fallback: string): SaveFailure {
  return { message: (error instanceof ApiError && error.serverMessage) || fallback };
}

type LoginFormProps = {
  /** Called once the returned token has become the session. */
  onLoggedIn?: () => void;
  /** Called as the visitor follows "Forgot password?" (a modal closes). */
  onForgotPassword?: () => void;
};

/** SPEC 2: every message, the form's own and the server's, in red above the form. */
export function LoginForm({ onLoggedIn, onForgotPassword }: LoginFormProps) {
  const alertId = useId();
  const { login } = useAuth();
  const mutation = useLoginMutation();
  const form = useForm({
    resolver: zodResolver(ZLoginRequest),
    defaultValues: { email: '', password: '' },
  });
  const { register, handleSubmit } = form;
  const feedback = useFormFeedback(form, mutation);

  const onSubmit = handleSubmit((credentials) => {
    mutation.mutate(credentials, {
      onSuccess: ({ token }) => {
        if (login(token)) onLoggedIn?.();
      },
    });
  });

  const invalid = standingMessages(form.formState.errors, FIELDS, feedback);
  const serverMessage = useSaveErrors(form, mutation.error, feedback, {
    fallback: LOGIN_FALLBACK_ERROR,
    describe: loginFailure,
  });
  const messages = serverMessage ? [serverMessage] : invalid.messages;
  const alertFor = (field: (typeof FIELDS)[number]) =>
    serverMessage || invalid.fields.has(field) ? alertId : undefined;

  return (
    <form noValidate onSubmit={feedback.submit(onSubmit)} className="space-y-4">
      <FormAlertMessages id={alertId} messages={messages} />
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
        autoComplete="current-password"
        alertId={alertFor('password')}
        {...register('password')}
      />
      <p className="-mt-2 text-right text-sm">
        <Link
          to="/forgot-password"
          onClick={onForgotPassword}
          className="rounded font-medium text-indigo-300 underline-offset-4 hover:text-indigo-200 hover:underline"
        >
          Forgot password?
        </Link>
      </p>
      <Button type="submit" disabled={mutation.isPending} className="w-full py-2.5">
        {mutation.isPending ? 'Signing In...' : 'Sign In'}
      </Button>
    </form>
  );
}
