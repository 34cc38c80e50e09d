import Fastify, { type FastifyServerOptions } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiRoutes, type RouteEntry } from './api-routes.js';
import type { Config } from './config.js';
import type { Db } from './db/database.js';
import { resolveJwtSecret } from './lib/jwt-secret.js';
import { serializerCompiler } from './lib/response-serializer.js';
import { LocalCacheVersions, ResponseCache } from './lib/response-cache.js';
import { Gateway } from './gateway/gateway.js';
import { marketUpstreamOpenapiSchema } from './gateway/market.js';
import { seoRoutes } from './modules/seo/seo.routes.js';
import { uploadFileRoutes } from './modules/uploads/uploads.routes.js';
import { LoginThrottle, type FailureStore } from './modules/auth/login-throttle.js';
import { AccessLog, destinationOf } from './plugins/access-log.js';
import { authPlugin } from './plugins/auth.js';
import { errorsPlugin } from './plugins/errors.js';
import { inputTextPlugin } from './plugins/input-text.js';
import { openapiPlugin } from './plugins/openapi.js';
import { rateLimitsPlugin } from './plugins/rate-limits.js';
import { securityPlugin } from './plugins/security.js';
import { webPlugin } from './plugins/web.js';
import { connectRedis, type SharedRedis } from './redis/redis.js';
import { RedisCacheVersions } from './redis/redis-cache-versions.js';
import { MemoryFailureStore } from './modules/auth/memory-failure-store.js';
import { RedisFailureStore } from './redis/redis-failure-store.js';
import { RedisRefreshCoordinator } from './redis/redis-refresh-coordinator.js';

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
  await app.register(rateLimitsPlugin, { redis });
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
