import { conflict, type AppError } from '../../lib/app-error.js';

/** The 409 for a taken email and/or username; the email error comes first (SPEC 8). */
export function identityConflict(taken: { email: boolean; username: boolean }): AppError {
  const errors: Record<string, string> = {};
  if (taken.email) errors.email = 'This email is already registered.';
  if (taken.username) errors.username = 'This username is already taken.';
  return conflict(errors.email ?? errors.username ?? 'This account already exists.', errors);
}
