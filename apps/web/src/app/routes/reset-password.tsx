import { Link, useNavigate, useSearchParams } from 'react-router';
import { ResetPasswordForm } from '../../features/auth/components/reset-password-form';
import { useAuth } from '../../lib/auth';
import { AuthPageLayout } from '../layout/auth-page-layout';

const linkClasses =
  'rounded font-semibold text-indigo-300 underline-offset-4 hover:text-indigo-200 hover:underline';

export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const { logout, isLoggedIn } = useAuth();
  const token = searchParams.get('token') ?? '';

  // Every session has ended with the reset, so the visitor signs in afresh with the new password.
  const onReset = () => {
    if (isLoggedIn) logout();
    void navigate('/login', { state: { passwordReset: true } });
  };

  return (
    <AuthPageLayout
      title="Set a New Password"
      description="Choose the password you will sign in with."
    >
      {token ? (
        <ResetPasswordForm token={token} onReset={onReset} />
      ) : (
        <p role="alert" className="text-sm text-red-300">
          This link has no reset token. Open the link from the email again, or ask for a new one.
        </p>
      )}
      <p className="mt-6 text-center text-sm text-slate-300">
        Link expired?{' '}
        <Link to="/forgot-password" className={linkClasses}>
          Ask for a new one
        </Link>
      </p>
    </AuthPageLayout>
  );
}
