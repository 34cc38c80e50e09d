import { jwtDecode } from 'jwt-decode';

type SessionClaims = {
  exp: number;
  id?: number | undefined;
  userId?: number | undefined;
  role?: string | undefined;
  email?: string | undefined;
  username?: string | undefined;
};

const OPTIONAL_CLAIMS = {
  id: 'number',
  userId: 'number',
  role: 'string',
  email: 'string',
  username: 'string',
} as const;

/**
 * Read leniently on purpose: the user id may come as `id` or `userId`, and an unknown role must
 * still mean "not admin" rather than an unreadable token. Only `exp` is mandatory (SPEC 5); a
 * claim that is present with the wrong type makes the token unreadable.
 */
function readClaims(payload: unknown): SessionClaims | undefined {
  if (typeof payload !== 'object' || payload === null) return undefined;
  const claims = payload as Record<string, unknown>;
  if (typeof claims.exp !== 'number' || !Number.isFinite(claims.exp)) return undefined;
  for (const [name, type] of Object.entries(OPTIONAL_CLAIMS)) {
    if (claims[name] !== undefined && typeof claims[name] !== type) return undefined;
  }
  return claims as SessionClaims;
}

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
  const claims = readClaims(payload);
  if (!claims) return { status: 'invalid', reason: 'The token has no readable exp claim.' };
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
