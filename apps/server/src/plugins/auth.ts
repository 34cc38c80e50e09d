import { randomBytes } from 'node:crypto';
import fastifyJwt from '@fastify/jwt';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import type { TRole, TUser } from '@nexusplay/contract/users';
import { forbidden, unauthorized } from '../lib/app-error.js';
import { resolveJwtSecret } from '../lib/jwt-secret.js';

/** Who may call a route. Every API route must say so (see api-routes.ts). */
export type Access = 'public' | 'user' | 'admin';

export type AuthUser = TUser;

export type TokenPayload = {
  id: number;
  userId: number;
  role: TRole;
  email: string;
  username: string;
  /** This session's id, which signing out puts on the deny-list. */
  jti: string;
  /** The user's session generation when signed in; a higher one in the database ends it. */
  gen: number;
};

/** The signer adds when the token was issued and when it expires, in seconds since the epoch. */
export type VerifiedToken = TokenPayload & { iat: number; exp: number };

/** What a verified token names: its user, its session and the generation it was signed in under. */
export type SessionToken = { userId: number; jti: string; gen: number };

/**
 * Whether the session a verified token names still stands: its user, answered at once when it
 * was checked lately, else once the database has said; a 401 saying why when it does not. The
 * auth module answers; the app hands it to this plugin.
 */
export interface SessionLookup {
  sessionUser(token: SessionToken): AuthUser | Promise<AuthUser>;
  /** The same, from memory alone: undefined when memory cannot say at once, or the session ended. */
  knownSessionUser(token: SessionToken): AuthUser | undefined;
}

export type AuthOptions = { sessions: SessionLookup };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    /** Set for routes whose access is 'user' or 'admin'. */
    currentUser?: AuthUser;
  }
  interface FastifyInstance {
    signToken(user: AuthUser, sessionGeneration: number): string;
    /**
     * The caller an Authorization header names when memory alone can vouch for it: a token
     * verified lately and not expired, naming a session checked lately that still stands.
     * undefined otherwise, for the access hook to decide (and refuse) in full.
     */
    callerInMemory(authorization: string | undefined): AuthUser | undefined;
  }
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: TokenPayload;
    /** The token of the current request, once the access hook has checked it. */
    user: VerifiedToken;
  }
}

const ALGORITHM = 'HS256';
/** How far another instance's clock may run ahead of this one's when it issues a token. */
const CLOCK_SKEW_SECONDS = 60;
const INVALID_SESSION = 'Your session has expired or is invalid. Please sign in again.';
/** Longer than any id this server makes (22 characters); the deny-list's column holds 64. */
const JTI_MAX = 64;
/** Tokens whose signature was verified, kept until they expire (about 1 KB each). */
const VERIFIED_TOKENS_CACHED = 20_000;

/** The caller, as checked by the access hook; a handler of a signed-in route may rely on it. */
export function requireUser(request: FastifyRequest): AuthUser {
  if (!request.currentUser) throw unauthorized();
  return request.currentUser;
}

/**
 * Bearer tokens: HS256 only; a token must say when it was issued and when it expires, and one
 * issued in the future is refused, so no signed token is good forever. The token names the user
 * and its session; `sessions` (the auth module's) says who they are now and whether that session
 * still stands, so a deleted account, a changed role, a sign-out or sessions an admin ended take
 * effect at once.
 */
export const authPlugin = fp(
  async (app: FastifyInstance, { sessions }: AuthOptions) => {
    await app.register(fastifyJwt, {
      secret: await resolveJwtSecret(app.config.jwtSecret, app.db.kysely),
      sign: { algorithm: ALGORITHM, expiresIn: app.config.jwtTtlSeconds },
      verify: {
        algorithms: [ALGORITHM],
        requiredClaims: ['exp', 'iat', 'jti', 'gen'],
      },
    });

    app.decorate('signToken', (user: AuthUser, sessionGeneration: number) =>
      app.jwt.sign({
        id: user.id,
        userId: user.id,
        role: user.role,
        email: user.email,
        username: user.username,
        jti: randomBytes(16).toString('base64url'),
        gen: sessionGeneration,
      }),
    );

    app.decorateRequest('currentUser', undefined);
    const verified = new VerifiedTokens(VERIFIED_TOKENS_CACHED);
    app.decorate('callerInMemory', (authorization: string | undefined) => {
      const token = bearerToken(authorization);
      const payload = token === undefined ? undefined : verified.get(token);
      const session = payload && sessionNamed(payload);
      return session && sessions.knownSessionUser(session);
    });

    // Only the routes for signed-in callers get the check, as their own first onRequest hook: a
    // public answer (most of the traffic, much of it cached) pays nothing for it.
    app.addHook('onRoute', (route) => {
      const access = route.config?.access;
      if (access !== 'user' && access !== 'admin') return;
      // Answered at once when the token and its session were seen lately (no turn of the event
      // loop), else once the database has said.
      const check: onRequestHookHandler = (request, _reply, done) => {
        const admit = (user: AuthUser) => {
          if (access === 'admin' && user.role !== 'admin')
            return done(forbidden('This action is for administrators only.'));
          request.currentUser = user;
          done();
        };
        let user: AuthUser | Promise<AuthUser>;
        try {
          user = authenticate(sessions, verified, request);
        } catch (error) {
          return done(error as Error);
        }
        if (user instanceof Promise) user.then(admit, done);
        else admit(user);
      };
      route.onRequest = [check, ...[route.onRequest ?? []].flat()];
    });
  },
  { name: 'auth' },
);

/**
 * Tokens whose signature and claims were verified, by their exact text, until they expire: a
 * token seen again is neither decoded nor hashed nor checked again (those were most of what a
 * signed-in request cost before its own work). Only what the verifier accepted is kept, and only
 * under the very text it accepted; whether its session still stands is decided on every request.
 */
class VerifiedTokens {
  private readonly tokens: LRUCache<string, VerifiedToken>;

  constructor(capacity: number) {
    this.tokens = new LRUCache({ max: capacity });
  }

  /** The verified payload of `token`, if it was verified and has not expired since. */
  get(token: string): VerifiedToken | undefined {
    const payload = this.tokens.get(token);
    if (payload === undefined) return undefined;
    if (payload.exp * 1000 > Date.now()) return payload;
    this.tokens.delete(token);
    return undefined;
  }

  keep(token: string, payload: VerifiedToken) {
    if (typeof payload.exp === 'number') this.tokens.set(token, payload);
  }
}

/** The token of an `Authorization: Bearer <token>` header, in the form the verifier reads. */
const BEARER_PREFIX = /^Bearer /i;

function bearerToken(header: string | undefined): string | undefined {
  return header !== undefined && BEARER_PREFIX.test(header) ? header.slice(7) : undefined;
}

/** The caller a request's token names, if its session stands; throws 401 otherwise. */
function authenticate(
  sessions: SessionLookup,
  verified: VerifiedTokens,
  request: FastifyRequest,
): AuthUser | Promise<AuthUser> {
  const header = request.headers.authorization;
  const token = bearerToken(header);
  const payload = token === undefined ? undefined : verified.get(token);
  if (payload) {
    // The header is "Bearer " and a text the verifier accepted: its form needs no test.
    request.user = payload;
    return sessionOf(sessions, payload);
  }
  if (!header || !/^Bearer\s+\S+$/i.test(header)) throw unauthorized('Please sign in to continue.');
  return verifyThenCheck(sessions, verified, request, token);
}

async function verifyThenCheck(
  sessions: SessionLookup,
  verified: VerifiedTokens,
  request: FastifyRequest,
  token: string | undefined,
): Promise<AuthUser> {
  let payload: VerifiedToken;
  try {
    payload = await request.jwtVerify<VerifiedToken>();
  } catch {
    throw unauthorized(INVALID_SESSION);
  }
  if (token !== undefined) verified.keep(token, payload);
  return sessionOf(sessions, payload);
}

/** The user of a verified token's session, if it still stands. */
function sessionOf(sessions: SessionLookup, payload: VerifiedToken): AuthUser | Promise<AuthUser> {
  const session = sessionNamed(payload);
  if (!session) throw unauthorized(INVALID_SESSION);
  return sessions.sessionUser(session);
}

/** The session a verified token names, if its claims are sound. */
function sessionNamed(payload: VerifiedToken): SessionToken | undefined {
  const id = Number(payload.id ?? payload.userId);
  if (!Number.isSafeInteger(id) || !issuedInThePast(payload) || !namesSession(payload))
    return undefined;
  return { userId: id, jti: payload.jti, gen: payload.gen };
}

function namesSession(payload: VerifiedToken): boolean {
  const { jti, gen } = payload;
  return typeof jti === 'string' && jti.length <= JTI_MAX && Number.isSafeInteger(gen);
}

/** The verifier checks that `iat` is present, not that it has already happened. */
function issuedInThePast(payload: VerifiedToken): boolean {
  return typeof payload.iat === 'number' && payload.iat <= Date.now() / 1000 + CLOCK_SKEW_SECONDS;
}

/**
 * The owner of a personal row is always the caller. A user_id the client sends along (the spec's
 * pages send it) must be the caller's own; anything else is refused, never obeyed.
 */
export function ownerId(
  request: FastifyRequest,
  claimed: number | undefined,
  listNoun: string,
): number {
  const user = requireUser(request);
  if (claimed !== undefined && claimed !== user.id) {
    throw forbidden(`You can only manage your own ${listNoun}.`);
  }
  return user.id;
}
