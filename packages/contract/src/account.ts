import { z } from 'zod';
import { PASSWORD_MAX, ZNewPassword } from './auth.js';
import { ZEmail } from './users.js';

const ZCurrentPassword = z
  .string({ error: 'Current password is required.' })
  .min(1, 'Current password is required.')
  .max(PASSWORD_MAX, 'Current password is incorrect.');

export const PASSWORDS_DIFFER = 'Passwords do not match.';
export const PASSWORD_UNCHANGED = 'The new password must differ from your current password.';

/**
 * Change password on the account page; the server also judges how guessable the new one is. A new
 * password equal to the current one is refused on the field: the server checks the current one,
 * so equal text means the password would not change.
 */
export const ZChangePasswordRequest = z
  .object({
    current_password: ZCurrentPassword,
    new_password: ZNewPassword,
    confirm_password: z.string({ error: 'Confirm the new password.' }),
  })
  .refine((form) => form.new_password === form.confirm_password, {
    message: PASSWORDS_DIFFER,
    path: ['confirm_password'],
  })
  .refine((form) => form.new_password !== form.current_password, {
    message: PASSWORD_UNCHANGED,
    path: ['new_password'],
  });
export type TChangePasswordRequest = z.input<typeof ZChangePasswordRequest>;

/** A fresh token for the session that changed the password; every other session has ended. */
export const ZChangePasswordResponse = z.object({ message: z.string(), token: z.string() });
export type TChangePasswordResponse = z.infer<typeof ZChangePasswordResponse>;

export const ZForgotPasswordRequest = z.object({ email: ZEmail });
export type TForgotPasswordRequest = z.input<typeof ZForgotPasswordRequest>;

/** The same answer whether or not an account has the email. */
export const FORGOT_PASSWORD_ANSWER =
  'If an account uses this email, a link to set a new password is on its way. It is valid for 30 minutes.';

/** A reset token in the link: 32 random bytes, base64url (43 characters). */
export const ZResetToken = z
  .string({ error: 'This reset link is invalid or has expired.' })
  .regex(/^[A-Za-z0-9_-]{43}$/, 'This reset link is invalid or has expired.');

export const ZResetPasswordRequest = z
  .object({
    token: ZResetToken,
    new_password: ZNewPassword,
    confirm_password: z.string({ error: 'Confirm the new password.' }),
  })
  .refine((form) => form.new_password === form.confirm_password, {
    message: PASSWORDS_DIFFER,
    path: ['confirm_password'],
  });
export type TResetPasswordRequest = z.input<typeof ZResetPasswordRequest>;

export const RESET_TOKEN_REFUSED =
  'This reset link is invalid or has expired. Please request a new one.';

/** Asks whether a reset link can still set a password, before the visitor types one. */
export const ZResetTokenCheckRequest = z.object({ token: ZResetToken });
export type TResetTokenCheckRequest = z.input<typeof ZResetTokenCheckRequest>;

/** Only whether the link is usable: nothing of the account it belongs to. */
export const ZResetTokenCheckResponse = z.object({ usable: z.boolean() });
export type TResetTokenCheckResponse = z.infer<typeof ZResetTokenCheckResponse>;

/** What deleting one's own account must be confirmed with: the username, typed out. */
export const ZDeleteAccountRequest = z.object({
  password: ZCurrentPassword,
  confirmation: z.string({ error: 'Type your username to confirm.' }).trim(),
});
export type TDeleteAccountRequest = z.input<typeof ZDeleteAccountRequest>;

/** The data export's format name and version, the first two keys of the file. */
export const EXPORT_FORMAT = 'nexusplay-account-export';
export const EXPORT_VERSION = 1;
