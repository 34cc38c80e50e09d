import { Link, Navigate, useNavigate } from 'react-router';
import { RegisterForm } from '../../features/auth/components/register-form';
import { useAuth } from '../../lib/auth';
import { AuthPageLayout } from '../layout/auth-page-layout';

export function RegisterPage() {
  const { isLoggedIn } = useAuth();
  const navigate = useNavigate();

  if (isLoggedIn) return <Navigate to="/" replace />;

  return (
    <AuthPageLayout
      title="Sign Up"
      description="Create your account to unlock the dashboard and personal gaming tools."
    >
      <RegisterForm onRegistered={() => void navigate('/login')} />
      <p className="mt-6 text-center text-sm text-slate-300">
        Already have an account?{' '}
        <Link
          to="/login"
          className="rounded font-semibold text-indigo-300 underline-offset-4 hover:text-indigo-200 hover:underline"
        >
          Sign In
        </Link>
      </p>
    </AuthPageLayout>
  );
}
