import { z } from 'zod';
import { ZEmail, ZRole, ZUsername } from './users.js';

export const PASSWORD_MIN = 8;
/** Bounded so that hashing a hostile password cannot cost more than an ordinary one. */
export const PASSWORD_MAX = 256;

export const ZNewPassword = z
  .string({ error: 'Password is required.' })
  .min(1, 'Password is required.')
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters.`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters.`);

export const ZRegisterRequest = z.object({
  username: ZUsername,
  email: ZEmail,
  password: ZNewPassword,
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

/** The claims of the session token (SPEC 3): the web reads id or userId, role, email and exp. */
export const ZTokenClaims = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  role: ZRole,
  email: z.string(),
  username: z.string(),
  exp: z.number(),
  iat: z.number().optional(),
});
export type TTokenClaims = z.infer<typeof ZTokenClaims>;
