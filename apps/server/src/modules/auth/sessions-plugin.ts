import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { RedisSessionEnds } from './redis-session-ends.js';
import { SessionCache } from './session-cache.js';
import { readSessionEnds } from './sessions.repository.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sessions checked lately; every write that ends sessions tells it (`ended`) after commit. */
    sessions: SessionCache;
  }
}

/** Tokens whose check is kept in memory: about 300 bytes each. */
const SESSION_CACHE_CAPACITY = 50_000;
/** A bound on how long a check is kept, should an announcement of ended sessions be lost. */
const SESSION_CACHE_TTL_MS = 60_000;

/**
 * What the database said about each token lately (SessionCache), kept until a write that ends
 * sessions announces it, on every instance through Redis when there is one; decorates the app
 * with it.
 */
export const sessionsPlugin = fp(
  async (app: FastifyInstance) => {
    const { redis } = app;
    let channel: RedisSessionEnds | undefined;
    const sessions = new SessionCache(
      { capacity: SESSION_CACHE_CAPACITY, ttlMs: SESSION_CACHE_TTL_MS },
      redis
        ? (control) =>
            (channel = new RedisSessionEnds(redis, control, app.log, () =>
              readSessionEnds(app.db.kysely),
            ))
        : undefined,
    );
    await channel?.started();
    app.decorate('sessions', sessions);
    app.addHook('onClose', () => sessions.close());
  },
  { name: 'sessions', dependencies: ['redis'] },
);
