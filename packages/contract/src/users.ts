import { z } from 'zod';

export const ROLES = ['admin', 'user'] as const;
export const ZRole = z.enum(ROLES);
export type TRole = z.infer<typeof ZRole>;

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 32;
export const EMAIL_MAX = 254;

export const ZUsername = z
  .string({ error: 'Username is required.' })
  .trim()
  .min(1, 'Username is required.')
  .min(USERNAME_MIN, `Username must be at least ${USERNAME_MIN} characters.`)
  .max(USERNAME_MAX, `Username must be at most ${USERNAME_MAX} characters.`)
  .regex(
    /^[\p{L}\p{N}._-]+$/u,
    'Username may use letters, digits, dots, dashes and underscores only.',
  );

/**
 * The form of a username that decides whether it is taken: compatibility-normalised (NFKC turns
 * full-width "ａｄｍｉｎ", ligatures and superscript digits into their plain letters) and
 * case-folded. Upper case then lower case folds what simple lower-casing misses: "STRASSE" and
 * "straße" meet at "strasse", and "Σ", "σ" and "ς" at "σ".
 */
export function usernameKey(username: string): string {
  return username.normalize('NFKC').toUpperCase().toLowerCase().normalize('NFKC');
}

/** Emails are compared case-insensitively, so they travel and are stored in lower case. */
export const ZEmail = z
  .string({ error: 'Email is required.' })
  .trim()
  .min(1, 'Email is required.')
  .max(EMAIL_MAX, 'Email is too long.')
  .pipe(z.email('Enter a valid email address.'))
  .transform((value) => value.toLowerCase());

export const ZUser = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  role: ZRole,
});
export type TUser = z.infer<typeof ZUser>;

/** A row of the Manage Users table. */
export const ZUserListItem = ZUser.extend({ created_at: z.string() });
export type TUserListItem = z.infer<typeof ZUserListItem>;

/** The Manage Users form (SPEC 5): username, email and role; the server makes the password. */
export const ZUserRequest = z.object({
  username: ZUsername,
  email: ZEmail,
  role: z.enum(ROLES, { error: 'Role must be admin or user.' }),
});
export type TUserRequest = z.input<typeof ZUserRequest>;

/** A created account and its one-time password, shown to the admin once and never again. */
export const ZCreateUserResponse = z.object({ user: ZUserListItem, password: z.string() });
export type TCreateUserResponse = z.infer<typeof ZCreateUserResponse>;
