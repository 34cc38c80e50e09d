import { Navigate, Outlet, useLocation, useNavigation } from 'react-router';
import { useAuth } from '../lib/auth';
import { loginPathFor } from '../lib/redirect';

function useCurrentPath() {
  const { pathname, search } = useLocation();
  return `${pathname}${search}`;
}

/**
 * Logging out starts a navigation away (to the home page) before the session ends; sending the
 * visitor to sign in meanwhile would override it, so a guard waits while the app is leaving.
 */
function useIsLeaving() {
  return useNavigation().state !== 'idle';
}

/** Pages for signed-in visitors; a guest signs in first and then comes back. */
export function RequireUser() {
  const { isLoggedIn, isAuthenticating } = useAuth();
  const currentPath = useCurrentPath();
  const isLeaving = useIsLeaving();
  if (isAuthenticating) return <CheckingAccess />;
  if (!isLoggedIn) return isLeaving ? null : <Navigate to={loginPathFor(currentPath)} replace />;
  return <Outlet />;
}

/** The admin area: guests sign in first, signed-in non-admins are told they have no access. */
export function RequireAdmin() {
  const { isLoggedIn, isAdmin, isAuthenticating } = useAuth();
  const currentPath = useCurrentPath();
  const isLeaving = useIsLeaving();
  if (isAuthenticating) return <CheckingAccess />;
  if (!isLoggedIn) return isLeaving ? null : <Navigate to={loginPathFor(currentPath)} replace />;
  if (!isAdmin) return <Navigate to="/unauthorized" replace />;
  return <Outlet />;
}

function CheckingAccess() {
  return (
    <div role="status" className="flex min-h-dvh items-center justify-center text-slate-300">
      Loading...
    </div>
  );
}
