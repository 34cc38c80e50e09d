/**
 * The public lists' HTTP cache: what the rest of the server uses of it. The lists (games, posts,
 * tools) and feeds are kept serialised per query until the next write to them, each with its
 * ETag, and sent pre-encoded (Brotli or gzip) to clients that accept it; with Redis the cache
 * generations are shared, so a write on one instance drops the lists on all of them.
 *
 * The modules in this folder are its internals, and eslint.config.js keeps them so: the fast path
 * that answers a cached hit without a turn of the event loop is used by cachedListRoute only.
 */
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
  onSendHookHandler,
} from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZErrorResponse } from '@nexusplay/contract/errors';
import { ZListQuery, type TListQuery } from '@nexusplay/contract/lists';
import { listVersionsReader } from '../db/list-versions.repository.js';
import type { Database, VersionedList } from '../db/schema.js';
import { rememberList, sendCachedList, type ListResult } from './cached-list.js';
import { encodedPage } from './encoded-bodies.js';
import { RedisCacheVersions } from './redis-cache-versions.js';
import { KeptAnswerDoor } from './kept-answer-door.js';
import { PersonalAnswers } from './personal-answers.js';
import { LocalCacheVersions, ResponseCache, type CachedBody } from './response-cache.js';

export type { CachedBody, ListResult };

/** A table of the schema (db/schema.ts). */
export type Table = keyof Database;

/** A table whose every write raises its list's version in the same transaction (migration 0015). */
export type VersionedTable = VersionedList & Table;

/** A table with no version of its own. */
export type UnversionedTable = Exclude<Table, VersionedList>;

/**
 * Every table a kept answer is read from, declared beside its route (keptAnswers). The answer is
 * sent again only while the versions of `own` and `shared` are unchanged, so a table read but not
 * named here would let a write to it go unseen; test/http-cache/kept-answer-tables.test.ts runs
 * each kept route and fails when it reads a table its declaration does not name.
 */
export type KeptAnswerTables = {
  /** Versioned tables of the caller's own rows. */
  own: readonly VersionedTable[];
  /** Versioned tables every user reads the same rows of (their versions are user 0's). */
  shared?: readonly VersionedTable[];
  /**
   * Tables whose values change only with a versioned table named above, in the same transaction
   * (by its triggers, or beside it by its one writer): a change to one raises that table's
   * version. personal_list_counts is one (the cap check's upsert only creates a missing count at
   * 0, which reads as no count does); chain_transfer_counts another (insertTransfers).
   */
  derived?: readonly UnversionedTable[];
  /**
   * The gateway's stored figures (wallet_balances, gateway_snapshots), rewritten only once due
   * for a check: the handler keeps its answer no longer than that (answerKeptUntil).
   */
  gatewayFigures?: readonly UnversionedTable[];
};

/** A signed-in GET route whose answers are kept, and what they are read from. */
export type KeptRoute = { url: string; tables: KeptAnswerTables };

/** A cached body by key, and dropping a namespace once a write to it has committed. */
export type PublicCache = Pick<ResponseCache, 'remember' | 'invalidate'>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Serialised public lists, dropped per namespace on every write. */
    publicCache: PublicCache;
    /** Signed-in answers, each sent again only while the rows it was read from are unchanged. */
    personalAnswers: Pick<PersonalAnswers, 'enabled' | 'size' | 'skip' | 'keepUntil'>;
    /** Every route registered with keptAnswers, with the tables it declares: the one list of them. */
    keptAnswerRoutes: readonly KeptRoute[];
  }
}

/** The declaration of each keptAnswers hook, found again when its route is registered. */
const declaredTables = new WeakMap<onRequestHookHandler, KeptAnswerTables>();

function keptTablesOf(
  hooks: onRequestHookHandler | onRequestHookHandler[] | undefined,
): KeptAnswerTables | undefined {
  for (const hook of Array.isArray(hooks) ? hooks : hooks ? [hooks] : []) {
    const tables = declaredTables.get(hook);
    if (tables) return tables;
  }
  return undefined;
}

/** Decorates the app with its public cache, its generations in Redis when the app has one. */
export const httpCachePlugin = fp(
  async (app: FastifyInstance) => {
    const versions = app.redis
      ? new RedisCacheVersions(app.redis, app.log)
      : new LocalCacheVersions();
    app.decorate('publicCache', new ResponseCache(versions));
    app.decorate('personalAnswers', new PersonalAnswers(app.config.answerCacheBytes));
    const keptRoutes: KeptRoute[] = [];
    app.decorate('keptAnswerRoutes', keptRoutes);
    // Registered first (app.ts), so it sees every route; HEAD twins of the GET routes are left out.
    app.addHook('onRoute', (route) => {
      const tables = keptTablesOf(route.onRequest as onRequestHookHandler | onRequestHookHandler[]);
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      if (tables && methods.includes('GET')) keptRoutes.push({ url: route.url, tables });
    });
  },
  { name: 'http-cache', dependencies: ['redis'] },
);

/** The decoration with its fast path: httpCachePlugin is the only one to set it. */
function responseCacheOf(app: FastifyInstance): ResponseCache {
  if (app.publicCache instanceof ResponseCache) return app.publicCache;
  throw new Error('app.publicCache is set by httpCachePlugin, which must be registered first');
}

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

/**
 * GET /{namespace}: a public list answered from the cache, its page loaded by `load` on a miss
 * and kept until the next write to the namespace. The games, posts and tools lists are this.
 */
export function cachedListRoute<Item extends z.ZodType>(
  app: ZodApp,
  namespace: 'games' | 'blogs' | 'tools',
  options: {
    summary: string;
    item: Item;
    load: (query: z.output<typeof ZListQuery>) => Promise<ListResult>;
  },
) {
  const cache = responseCacheOf(app);
  app.get(
    `/${namespace}`,
    {
      config: { access: 'public' },
      schema: {
        tags: [namespace],
        summary: options.summary,
        querystring: ZListQuery,
        response: { 200: z.array(options.item), 400: ZErrorResponse },
      },
    },
    (request, reply) =>
      sendCachedList(request, reply, cache, namespace, request.query, () =>
        options.load(request.query),
      ),
  );
}

/** One page of a public list as cachedListRoute answers it, from the same cache entry. */
export async function cachedListPage(
  app: FastifyInstance,
  namespace: 'games' | 'blogs' | 'tools',
  query: TListQuery,
  load: () => Promise<ListResult>,
): Promise<CachedBody> {
  return rememberList(responseCacheOf(app), namespace, query, load);
}

function personalAnswersOf(app: FastifyInstance): PersonalAnswers {
  if (app.personalAnswers instanceof PersonalAnswers) return app.personalAnswers;
  throw new Error('app.personalAnswers is set by httpCachePlugin, which must be registered first');
}

/**
 * The hooks that let a signed-in GET route (access 'user') answer from memory: spread them into
 * the route's options. `tables` are those its answer is read from, every one of them, or a write
 * would go unseen (KeptAnswerTables; the route is listed in app.keptAnswerRoutes with them);
 * `headers` those of its headers sent again with the kept body. A handler whose answer will
 * change without a write to them calls answerNotKept, or answerKeptUntil with
 * the time it may change (figures of the gateway, fresh until their next check). The versions
 * are read after the access check, so the check and its refusals are unchanged; a kept answer is
 * sent only to the user it was read for, at the URL it was read at, which was validated then.
 */
export function keptAnswers(
  app: FastifyInstance,
  tables: KeptAnswerTables,
  headers: readonly string[] = [],
): { onRequest: onRequestHookHandler; onSend: onSendHookHandler } {
  const answers = personalAnswersOf(app);
  const versionsOf = listVersionsReader(tables);
  // A hit on SQLite is answered before this returns; a kept answer ends the request here (the
  // hook then does not call done).
  const onRequest: onRequestHookHandler = (request, reply, done) => {
    const user = request.currentUser;
    if (!answers.enabled || !user || request.method !== 'GET') return done();
    const key = `${user.id} ${request.url}`;
    const { db } = app;
    const changes = db.changesNow?.();
    if (changes !== undefined && answers.sendUnchanged(reply, key, changes)) return;
    const versions = () => versionsOf(db, user.id);
    const version = versions();
    // Read at once (SQLite outside a transaction): the change count above is the versions'.
    if (typeof version === 'string') {
      if (!answers.answer(request, reply, key, version, changes, versions)) done();
      return;
    }
    version.then((known) => {
      if (!answers.answer(request, reply, key, known, undefined, versions)) done();
    }, done);
  };
  declaredTables.set(onRequest, tables);
  return {
    onRequest,
    onSend: (request, reply, payload, done) => {
      answers.sent(request, reply, payload, headers);
      done(null, payload);
    },
  };
}

/**
 * The kept answers' door at the HTTP server (kept-answer-door.ts): give `serverFactory` to
 * Fastify, and `open` the built app, once every plugin is registered.
 */
export function keptAnswerDoor() {
  const door = new KeptAnswerDoor();
  return {
    serverFactory: door.serverFactory,
    open: (app: FastifyInstance) => door.open(app, personalAnswersOf(app)),
  };
}

/** This request's answer is sent but not kept: it would change without a write (see keptAnswers). */
export function answerNotKept(app: FastifyInstance, request: FastifyRequest) {
  personalAnswersOf(app).skip(request);
}

/**
 * This request's answer is kept only until `until` (ms since the epoch), when figures it was
 * read from besides its rows (the gateway's) may change: see keptAnswers.
 */
export function answerKeptUntil(app: FastifyInstance, request: FastifyRequest, until: number) {
  personalAnswersOf(app).keepUntil(request, until);
}

/** Sends a page's HTML, compressed as the client accepts; each page's encodings are kept. */
export function sendEncodedPage(reply: FastifyReply, html: string) {
  const { body, encoding } = encodedPage(html, reply.request.headers['accept-encoding']);
  if (encoding) reply.header('content-encoding', encoding);
  return reply
    .header('cache-control', 'no-cache')
    .header('vary', 'accept-encoding')
    .type('text/html; charset=utf-8')
    .send(body);
}
