import { Link } from 'react-router';
import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form';
import { AuthPageLayout } from '../layout/auth-page-layout';

export function ForgotPasswordPage() {
  return (
    <AuthPageLayout
      title="Forgot Password"
      description="Enter the email of your account and we will send you a link to set a new password."
    >
      <ForgotPasswordForm />
      <p className="mt-6 text-center text-sm text-slate-300">
        Remembered it?{' '}
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
