import { Link, Navigate, useLocation, useSearchParams } from 'react-router';
import { LoginForm } from '../../features/auth/components/login-form';
import { useAuth } from '../../lib/auth';
import { authPathFor, nextPathFrom } from '../../lib/redirect';
import { AuthPageLayout } from '../layout/auth-page-layout';

/** Callers may name the page to return to as `?next=` or as `{ from }` in the location state. */
function requestedPath(next: string | null, state: unknown): string | undefined {
  const from =
    typeof state === 'object' && state !== null && 'from' in state ? state.from : undefined;
  const fromPath =
    typeof from === 'object' && from !== null && 'pathname' in from ? from.pathname : from;
  return nextPathFrom(next) ?? nextPathFrom(fromPath);
}

function passwordWasReset(state: unknown): boolean {
  return typeof state === 'object' && state !== null && 'passwordReset' in state;
}

export function LoginPage() {
  const { isLoggedIn } = useAuth();
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const requested = requestedPath(searchParams.get('next'), location.state);
  const destination = requested ?? '/';

  // Signing in here re-renders this page signed in, which is what moves the visitor on.
  if (isLoggedIn) return <Navigate to={destination} replace />;

  return (
    <AuthPageLayout
      title="Sign In"
      description="Welcome back! Sign in to reach your dashboard and gaming tools."
    >
      {passwordWasReset(location.state) ? (
        <p
          role="status"
          className="mb-4 rounded-lg border border-emerald-500/40 bg-emerald-500/10 px-3 py-2.5 text-sm text-emerald-200"
        >
          Your password has been set. Please sign in with it.
        </p>
      ) : null}
      <LoginForm />
      <p className="mt-6 text-center text-sm text-slate-300">
        Don&apos;t have an account?{' '}
        <Link
          to={authPathFor('/register', requested)}
          className="rounded font-semibold text-indigo-300 underline-offset-4 hover:text-indigo-200 hover:underline"
        >
          Sign Up
        </Link>
      </p>
    </AuthPageLayout>
  );
}
