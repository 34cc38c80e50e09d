import type { TUser } from '@nexusplay/contract/users';
import { unauthorized } from '../../lib/app-error.js';
import { getUserByEmail, toPublicUser } from '../users/users.repository.js';
import type { LoginThrottle } from './login-throttle.js';
import {
  isResetUsable,
  requestPasswordReset,
  resetPassword,
  type ResetDeps,
} from './password-reset.service.js';
import { dropResets } from './password-resets.repository.js';
import { verifyAgainstDecoy, verifyPassword } from './passwords.js';
import type { SessionCache } from './session-cache.js';
import { sessionsService } from './sessions.service.js';

/** What signing in and out and resetting a password need from the app. */
export type AuthDeps = ResetDeps & {
  sessions: SessionCache;
  throttle: LoginThrottle;
  /** A token for a new session of `user`, under their current session generation. */
  signToken: (user: TUser, sessionGeneration: number) => string;
};

const INVALID_CREDENTIALS = 'Invalid email or password.';

/** Signing in and out, and passwords forgotten and set again with a reset link. */
export function authService(deps: AuthDeps) {
  const { db, sessions, throttle, signToken } = deps;
  const ownSessions = sessionsService({ db, sessions });
  return {
    /** A session token for the owner of `email`, unless the password is wrong or throttled. */
    async login(address: string, email: string, password: string) {
      const user = await throttle.attempt(address, email, async () => {
        const row = await getUserByEmail(db, email);
        const valid = row
          ? await verifyPassword(row.password_hash, password)
          : await verifyAgainstDecoy(password);
        return row && valid ? row : undefined;
      });
      if (!user) throw unauthorized(INVALID_CREDENTIALS);
      // The owner got in: a reset link still in a mailbox is of no more use, only of risk.
      await dropResets(db, user.id);
      return { token: signToken(toPublicUser(user), user.session_generation) };
    },

    signOut: ownSessions.signOut,

    /** Answers at once; whatever depends on whether the email has an account happens after. */
    requestPasswordReset: (email: string) => requestPasswordReset(deps, email),

    isResetUsable: (token: string) => isResetUsable(db, token),

    resetPassword: (token: string, newPassword: string) =>
      resetPassword(db, sessions, token, newPassword, deps.site.siteName),
  };
}

export type AuthService = ReturnType<typeof authService>;
