import os from 'node:os';
import rateLimit from '@fastify/rate-limit';
import Fastify, {
  LogController,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { apiRoutes, type RouteEntry } from './api-routes.js';
import type { Config } from './config.js';
import type { Db } from './db/database.js';
import { resolveJwtSecret } from './lib/jwt-secret.js';
import { LocalCacheVersions, ResponseCache } from './lib/response-cache.js';
import { Gateway } from './gateway/gateway.js';
import { marketUpstreamOpenapiSchema } from './gateway/market.js';
import { seoRoutes } from './modules/seo/seo.routes.js';
import { uploadFileRoutes } from './modules/uploads/uploads.routes.js';
import { LoginThrottle, type FailureStore } from './modules/auth/login-throttle.js';
import { authPlugin } from './plugins/auth.js';
import { errorsPlugin } from './plugins/errors.js';
import { inputTextPlugin } from './plugins/input-text.js';
import { openapiPlugin } from './plugins/openapi.js';
import { securityPlugin } from './plugins/security.js';
import { webPlugin } from './plugins/web.js';
import { connectRedis, type SharedRedis } from './shared/redis.js';
import { RedisCacheVersions } from './shared/redis-cache-versions.js';
import { MemoryFailureStore } from './shared/memory-failure-store.js';
import { RedisFailureStore } from './shared/redis-failure-store.js';
import { RedisRefreshCoordinator } from './shared/redis-refresh-coordinator.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: Config;
    /** Serialised public lists, dropped per namespace on every write. */
    publicCache: ResponseCache;
    gateway: Gateway;
    /** Every API route with who may call it. */
    apiRouteTable: RouteEntry[];
    /** State shared with the other instances; undefined when this process serves alone. */
    redis: SharedRedis | undefined;
  }
}

export type AppDeps = {
  config: Config;
  db: Db;
  logger?: FastifyServerOptions['logger'];
  failureStore?: FailureStore;
  /** A connection to use instead of the one REDIS_URL would open (which the app then owns). */
  redis?: SharedRedis;
};

/** The levels at which info lines are written. */
const LEVELS_WITH_INFO = new Set(['trace', 'debug', 'info']);

/** Where log lines go when the app is given a destination (as main.ts does). */
type LogDestination = { write(line: string): void };

const PROCESS_FIELDS = `"pid":${process.pid},"hostname":${JSON.stringify(os.hostname())}`;

/**
 * One access-log line per request, written when it completes. Fastify's default writes two (one
 * more on arrival), doubling what logging costs every answer, the cached ones included. With a
 * destination, the line is formatted here in pino's shape (level, time, pid, hostname, reqId,
 * msg) and written to it directly: building it through pino cost more than routing the request.
 * Errors, rare and worth their detail, go through pino.
 */
class AccessLog extends LogController {
  constructor(private readonly destination: LogDestination | undefined) {
    super();
  }

  override incomingRequest() {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    const ms = Math.round(reply.elapsedTime * 10) / 10;
    if (error || !this.destination) {
      const { method, url, ip } = request;
      const fields = { method, url, statusCode: reply.statusCode, ms, ip };
      if (error) reply.log.error({ ...fields, err: error }, 'request errored');
      else reply.log.info(fields, 'request');
    } else if (LEVELS_WITH_INFO.has(reply.log.level)) {
      this.destination.write(
        `{"level":30,"time":${Date.now()},${PROCESS_FIELDS},"reqId":${JSON.stringify(request.id)},` +
          `"method":${JSON.stringify(request.method)},"url":${JSON.stringify(request.url)},` +
          `"statusCode":${reply.statusCode},"ms":${ms},"ip":${JSON.stringify(request.ip)},"msg":"request"}\n`,
      );
    }
  }
}

/** The destination given in the logger options, if any. */
function destinationOf(logger: FastifyServerOptions['logger']): LogDestination | undefined {
  if (typeof logger !== 'object' || logger === null || !('stream' in logger)) return undefined;
  const stream = logger.stream as Partial<LogDestination> | undefined;
  return typeof stream?.write === 'function' ? (stream as LogDestination) : undefined;
}

/** JSON bodies are small in this API; uploads get their own limit where they are accepted. */
const BODY_LIMIT_BYTES = 256 * 1024;

export async function buildApp(deps: AppDeps) {
  const { config, db, logger = false } = deps;
  const app = Fastify({
    logger,
    logController: new AccessLog(destinationOf(logger)),
    trustProxy: config.trustProxy,
    bodyLimit: BODY_LIMIT_BYTES,
  }).withTypeProvider<ZodTypeProvider>();

  // The API speaks JSON (and, where files are uploaded, multipart); plain text is refused with 415.
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', db);
  app.decorate('config', config);

  const redis = deps.redis ?? (config.redis ? await connectRedis(config.redis) : undefined);
  if (redis && !deps.redis) app.addHook('onClose', () => redis.close());
  redis?.client.on('error', (error: Error) => app.log.warn({ err: error }, 'redis: connection'));
  app.decorate('redis', redis);
  app.decorate(
    'publicCache',
    new ResponseCache(redis ? new RedisCacheVersions(redis, app.log) : new LocalCacheVersions()),
  );
  app.decorate(
    'gateway',
    new Gateway(
      config.gateway,
      db.kysely,
      app.log,
      redis ? new RedisRefreshCoordinator(redis) : undefined,
    ),
  );

  const store =
    deps.failureStore ?? (redis ? new RedisFailureStore(redis) : new MemoryFailureStore());
  if (store instanceof MemoryFailureStore) app.addHook('onClose', async () => store.close());
  const throttle = new LoginThrottle(store, config.loginThrottle);

  await app.register(errorsPlugin);
  await app.register(inputTextPlugin);
  await app.register(securityPlugin);
  await app.register(rateLimit, {
    global: false,
    // Shared counts with several instances; if Redis cannot answer, requests are let through.
    ...(redis
      ? { redis: redis.client, nameSpace: redis.key('rate-limit:'), skipOnError: true }
      : {}),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      message: `Too many requests. Please try again in ${context.after}.`,
    }),
  });
  await app.register(openapiPlugin, {
    siteName: config.siteName,
    schemas: { MarketUpstreamAnswer: marketUpstreamOpenapiSchema() },
  });
  await app.register(authPlugin, {
    secret: await resolveJwtSecret(config.jwtSecret, db.kysely),
    ttlSeconds: config.jwtTtlSeconds,
  });
  const routeTable: RouteEntry[] = [];
  app.decorate('apiRouteTable', routeTable);
  await app.register(apiRoutes, {
    prefix: '/api',
    routeTable,
    throttle,
    registerPerHour: config.registerPerHour,
  });
  await app.register(uploadFileRoutes);
  await app.register(webPlugin, { distDir: config.webDistDir, siteName: config.siteName });
  await app.register(seoRoutes);

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
