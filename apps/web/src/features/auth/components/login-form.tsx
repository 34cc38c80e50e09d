import { zodResolver } from '@hookform/resolvers/zod';
import { ZLoginRequest } from '@nexusplay/contract/auth';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { useLoginMutation } from '../api/login';

const LOGIN_FALLBACK_ERROR = 'Invalid email or password. Please try again.';

function loginErrorMessage(error: Error): string {
  return (error instanceof ApiError && error.serverMessage) || LOGIN_FALLBACK_ERROR;
}

type LoginFormProps = {
  /** Called once the returned token has become the session. */
  onLoggedIn?: () => void;
};

export function LoginForm({ onLoggedIn }: LoginFormProps) {
  const { login } = useAuth();
  const mutation = useLoginMutation();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(ZLoginRequest),
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = handleSubmit((credentials) => {
    mutation.mutate(credentials, {
      onSuccess: ({ token }) => {
        if (login(token)) onLoggedIn?.();
      },
    });
  });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      {mutation.error ? <FormAlert>{loginErrorMessage(mutation.error)}</FormAlert> : null}
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
        autoComplete="current-password"
        error={errors.password?.message}
        {...register('password')}
      />
      <Button type="submit" disabled={mutation.isPending} className="w-full py-2.5">
        {mutation.isPending ? 'Signing In...' : 'Sign In'}
      </Button>
    </form>
  );
}
