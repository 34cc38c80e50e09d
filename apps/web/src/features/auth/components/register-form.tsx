import { zodResolver } from '@hookform/resolvers/zod';
import { ZRegisterRequest } from '@nexusplay/contract/auth';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { useRegisterMutation } from '../api/register';

const REGISTER_FALLBACK_ERROR = 'Registration failed. Please try again.';

const ZRegisterForm = ZRegisterRequest.extend({
  confirmPassword: z.string().min(1, 'Please confirm your password.'),
}).refine((values) => values.password === values.confirmPassword, {
  message: 'Passwords do not match.',
  path: ['confirmPassword'],
});

/** The server's email error wins over its username error (SPEC 8). */
function registerErrorMessage(error: Error): string {
  if (!(error instanceof ApiError)) return REGISTER_FALLBACK_ERROR;
  const { email, username, ...otherFields } = error.fieldErrors;
  if (email) return email;
  if (username) return username;
  // A rejected field the form did not catch itself is still worth naming.
  if (error.status === 400) {
    return Object.values(otherFields)[0] ?? error.serverMessage ?? REGISTER_FALLBACK_ERROR;
  }
  return REGISTER_FALLBACK_ERROR;
}

type RegisterFormProps = {
  /** Called after the visitor has been told the account exists. */
  onRegistered?: () => void;
};

export function RegisterForm({ onRegistered }: RegisterFormProps) {
  const mutation = useRegisterMutation();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(ZRegisterForm),
    defaultValues: { username: '', email: '', password: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(({ username, email, password }) => {
    mutation.mutate(
      { username, email, password },
      {
        onSuccess: () => {
          window.alert('Registration successful! Please login.');
          reset();
          onRegistered?.();
        },
      },
    );
  });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      {mutation.error ? <FormAlert>{registerErrorMessage(mutation.error)}</FormAlert> : null}
      <TextField
        label="Username"
        autoComplete="username"
        error={errors.username?.message}
        {...register('username')}
      />
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        placeholder="you@example.com"
        error={errors.email?.message}
        {...register('email')}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="new-password"
        error={errors.password?.message}
        {...register('password')}
      />
      <TextField
        label="Confirm Password"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
      <Button type="submit" disabled={mutation.isPending} className="w-full py-2.5">
        {mutation.isPending ? 'Creating Account...' : 'Sign Up'}
      </Button>
    </form>
  );
}
