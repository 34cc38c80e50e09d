import Fastify, { type FastifyServerOptions } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiPlugin } from './api-routes.js';
import type { Config } from './config.js';
import type { Db } from './db/database.js';
import { gatewayPlugin } from './gateway/gateway-plugin.js';
import { rememberingQueries } from './lib/query-validation.js';
import { serializerCompiler } from './lib/response-serializer.js';
import { marketUpstreamOpenapiSchema } from './gateway/market.js';
import { mailPlugin, type MailPluginOptions } from './mail/mail-plugin.js';
import { httpCachePlugin, keptAnswerDoor } from './http-cache/http-cache.js';
import type { FailureStore } from './modules/auth/login-throttle.js';
import { sessionsPlugin } from './modules/auth/sessions-plugin.js';
import { sessionsService } from './modules/auth/sessions.service.js';
import { seoRoutes } from './modules/seo/seo.routes.js';
import { uploadFileRoutes } from './modules/uploads/uploads.routes.js';
import { AccessLog, destinationOf, withLogSerializers } from './plugins/access-log.js';
import { authPlugin } from './plugins/auth.js';
import { clientAddressPlugin, trustProxyOption } from './plugins/client-address.js';
import { errorsPlugin } from './plugins/errors.js';
import { inputTextPlugin } from './plugins/input-text.js';
import { openapiPlugin } from './plugins/openapi.js';
import { rateLimitsPlugin } from './plugins/rate-limits.js';
import { redisPlugin } from './plugins/redis.js';
import { securityPlugin } from './plugins/security.js';
import { webPlugin } from './plugins/web.js';
import type { SharedRedis } from './redis/redis.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: Config;
  }
}

export type AppDeps = {
  config: Config;
  db: Db;
  logger?: FastifyServerOptions['logger'];
  failureStore?: FailureStore;
  /** A connection to use instead of the one REDIS_URL would open (which the app then owns). */
  redis?: SharedRedis;
  /** Tests: shorter waits between mail retries and on a mail server that does not answer. */
  mail?: MailPluginOptions;
};

/** JSON bodies are small in this API; uploads get their own limit where they are accepted. */
const BODY_LIMIT_BYTES = 256 * 1024;

/**
 * The app: each plugin and module builds what it owns (the Redis connection, the public cache,
 * the gateway, the mailer, the sessions, the sign-in throttle) and decorates the app with it; this
 * only registers them, in the order they depend on each other.
 */
export async function buildApp(deps: AppDeps) {
  const { config, db, logger = false } = deps;
  const door = keptAnswerDoor();
  const app = Fastify({
    serverFactory: door.serverFactory,
    logger: withLogSerializers(logger),
    logController: new AccessLog(destinationOf(logger)),
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: BODY_LIMIT_BYTES,
  }).withTypeProvider<ZodTypeProvider>();

  // The API speaks JSON (and, where files are uploaded, multipart); plain text is refused with 415.
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(rememberingQueries(validatorCompiler));
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', db);
  app.decorate('config', config);

  // First: every later reader of request.ip gets an IP address.
  await app.register(clientAddressPlugin);
  await app.register(redisPlugin, { redis: deps.redis });
  await app.register(httpCachePlugin);
  await app.register(gatewayPlugin);
  await app.register(mailPlugin, deps.mail ?? {});
  await app.register(errorsPlugin);
  await app.register(inputTextPlugin);
  await app.register(securityPlugin);
  await app.register(rateLimitsPlugin);
  await app.register(openapiPlugin, {
    siteName: config.siteName,
    schemas: { MarketUpstreamAnswer: marketUpstreamOpenapiSchema() },
  });
  await app.register(sessionsPlugin);
  // The auth plugin asks the auth module whether a token's session still stands.
  await app.register(authPlugin, {
    sessions: sessionsService({ db: db.kysely, sessions: app.sessions }),
  });
  await app.register(apiPlugin, { failureStore: deps.failureStore });
  await app.register(uploadFileRoutes);
  await app.register(webPlugin, {
    distDir: config.webDistDir,
    siteName: config.siteName,
    demo: config.demoMode,
  });
  await app.register(seoRoutes);
  // Last: the door answers from what the plugins above built (the kept answers, the auth).
  door.open(app);

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
