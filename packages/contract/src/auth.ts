import { z } from 'zod';
import { ZEmail, ZUsername } from './users.js';

export const PASSWORD_MIN = 8;
/** Bounded so that hashing a hostile password cannot cost more than an ordinary one. */
export const PASSWORD_MAX = 256;

/**
 * Nothing is trimmed from a password: a space or tab at either end is easy to type by mistake and
 * impossible to see, so it is refused with a word rather than kept or silently dropped.
 */
export const PASSWORD_EDGE_BLANK =
  'Password must not begin or end with a space, tab or line break.';

export const ZNewPassword = z
  .string({ error: 'Password is required.' })
  .min(1, 'Password is required.')
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters.`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters.`)
  .refine((password) => password === password.trim(), PASSWORD_EDGE_BLANK);

export const PASSWORD_IS_IDENTITY = 'Password must not be your username or email.';

/**
 * Whether a password is the account's username, email or the email's local part, in any case:
 * the first guesses of anyone who knows the account. Values that are not strings (a field that
 * failed its own check) match nothing.
 */
export function passwordMatchesIdentity(
  password: unknown,
  identity: { email?: unknown; username?: unknown },
): boolean {
  if (typeof password !== 'string') return false;
  const candidate = password.trim().toLowerCase();
  const email = typeof identity.email === 'string' ? identity.email.trim().toLowerCase() : '';
  const username =
    typeof identity.username === 'string' ? identity.username.trim().toLowerCase() : '';
  const localPart = email.slice(0, email.lastIndexOf('@'));
  return [email, username, localPart].some((value) => value !== '' && value === candidate);
}

/**
 * The server also refuses commonly used passwords; that list is too large for the web app's code,
 * so the form learns of it from the server's answer (`errors.password`).
 */
export const ZRegisterRequest = z
  .object({
    username: ZUsername,
    email: ZEmail,
    password: ZNewPassword,
  })
  .refine((account) => !passwordMatchesIdentity(account.password, account), {
    message: PASSWORD_IS_IDENTITY,
    path: ['password'],
  });
export type TRegisterRequest = z.input<typeof ZRegisterRequest>;

export const ZLoginRequest = z.object({
  email: ZEmail,
  password: z
    .string({ error: 'Password is required.' })
    .min(1, 'Password is required.')
    .max(PASSWORD_MAX, 'Invalid email or password.'),
});
export type TLoginRequest = z.input<typeof ZLoginRequest>;

export const ZLoginResponse = z.object({ token: z.string() });
export type TLoginResponse = z.infer<typeof ZLoginResponse>;

/** The answer to signing out: the token that made the call is refused from now on. */
export const ZLogoutResponse = z.object({ message: z.string() });
