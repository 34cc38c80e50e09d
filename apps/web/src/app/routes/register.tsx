import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { RegisterForm } from '../../features/auth/components/register-form';
import { useAuth } from '../../lib/auth';
import { authPathFor, nextPathFrom } from '../../lib/redirect';
import { AuthPageLayout } from '../layout/auth-page-layout';

export function RegisterPage() {
  const { isLoggedIn } = useAuth();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  // The page asked for before signing up is where signing in leads (only a page of this site).
  const next = nextPathFrom(searchParams.get('next'));
  const signInPath = authPathFor('/login', next);

  if (isLoggedIn) return <Navigate to={next ?? '/'} replace />;

  return (
    <AuthPageLayout
      title="Sign Up"
      description="Create your account to unlock the dashboard and personal gaming tools."
    >
      <RegisterForm onRegistered={() => void navigate(signInPath)} />
      <p className="mt-6 text-center text-sm text-slate-300">
        Already have an account?{' '}
        <Link
          to={signInPath}
          className="rounded font-semibold text-indigo-300 underline-offset-4 hover:text-indigo-200 hover:underline"
        >
          Sign In
        </Link>
      </p>
    </AuthPageLayout>
  );
}
