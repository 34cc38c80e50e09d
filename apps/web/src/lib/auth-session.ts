import { jwtDecode } from 'jwt-decode';
import { z } from 'zod';

/**
 * Read leniently on purpose: the user id may come as `id` or `userId`, and an unknown role must
 * still mean "not admin" rather than an unreadable token. Only `exp` is mandatory (SPEC 5).
 */
const ZSessionClaims = z.object({
  exp: z.number(),
  id: z.number().optional(),
  userId: z.number().optional(),
  role: z.string().optional(),
  email: z.string().optional(),
  username: z.string().optional(),
});

export type SessionUser = {
  username: string | undefined;
  email: string | undefined;
  role: string | undefined;
};

export type Session = {
  token: string;
  userId: number | undefined;
  user: SessionUser;
  isAdmin: boolean;
  /** Milliseconds since the epoch. */
  expiresAt: number;
};

export type SessionReading =
  | { status: 'valid'; session: Session }
  | { status: 'expired' }
  | { status: 'invalid'; reason: string };

export function readSession(token: string, nowMs: number): SessionReading {
  let payload: unknown;
  try {
    payload = jwtDecode(token);
  } catch (error) {
    return { status: 'invalid', reason: error instanceof Error ? error.message : String(error) };
  }
  const parsed = ZSessionClaims.safeParse(payload);
  if (!parsed.success) {
    return { status: 'invalid', reason: 'The token has no readable exp claim.' };
  }
  const claims = parsed.data;
  // exp is in seconds; it is compared with the current time in seconds (SPEC 9).
  if (claims.exp <= Math.floor(nowMs / 1000)) return { status: 'expired' };
  return {
    status: 'valid',
    session: {
      token,
      userId: claims.id ?? claims.userId,
      user: { username: claims.username, email: claims.email, role: claims.role },
      isAdmin: claims.role === 'admin',
      expiresAt: claims.exp * 1000,
    },
  };
}
