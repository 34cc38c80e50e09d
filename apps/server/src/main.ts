import fs from 'node:fs';
import { buildApp } from './app.js';
import { ConfigError, loadConfig, publicUrlWarning, type Config } from './config.js';
import { databaseOptionsFor, openDatabase } from './db/database.js';
import { bufferedStdout } from './plugins/access-log.js';
import { upstreamNotices } from './gateway/start-notices.js';
import { activityFollower } from './modules/activity/transfer-follower.js';
import { dailySnapshots } from './modules/portfolio/daily-snapshots.js';
import { seedDemoContent } from './modules/seed/seed.js';
import { AdminPasswordRefusedError, ensureFirstAdmin } from './modules/users/first-admin.js';

const SHUTDOWN_DEADLINE_MS = 10_000;

async function main() {
  // Variables already in the environment win over the file.
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const db = await openDatabase(databaseOptionsFor(config));
  const app = await buildApp({
    config,
    db,
    logger: { level: config.logLevel, stream: bufferedStdout() },
  });
  const snapshots = dailySnapshots(app);
  app.addHook('onClose', async () => snapshots.stop());
  const activity = activityFollower(app);
  app.addHook('onClose', () => activity.stop());
  app.addHook('onClose', async () => db.close());
  const publicUrlProblem = publicUrlWarning(config);
  if (publicUrlProblem) app.log.warn(publicUrlProblem);
  for (const notice of upstreamNotices(config)) app.log.warn(notice);

  if (config.seedDemoContent && (await seedDemoContent({ db: db.kysely, engine: db.engine }))) {
    app.log.info('demo games, blog posts and tools added');
  }

  const admin = await ensureFirstAdmin(db.kysely, {
    ...config.admin,
    siteName: config.siteName,
  }).catch((error: unknown) => {
    if (!(error instanceof AdminPasswordRefusedError)) throw error;
    console.error(`ADMIN_PASSWORD: ${error.message}`);
    process.exit(1);
  });
  if (admin) {
    const lines = [
      'No administrator existed, so one was created:',
      `  email:    ${admin.user.email}`,
      `  username: ${admin.user.username}`,
      admin.generatedPassword
        ? `  password: ${admin.generatedPassword}   (shown only this once; keep it safe)`
        : '  password: the ADMIN_PASSWORD you configured',
    ];
    console.log(`\n${lines.join('\n')}\n`);
  }

  // On close Fastify stops accepting connections, answers 503 to requests arriving on open ones
  // and drops idle keep-alive connections; but a connection whose request is still running stays
  // open after its answer (for the 72 s keep-alive), holding close() past the deadline. Answers
  // sent while draining therefore end their connection.
  let draining = false;
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (draining) reply.header('connection', 'close');
    done(null, payload);
  });

  const stop = async (signal: string) => {
    draining = true;
    app.log.info({ signal }, 'shutting down');
    const deadline = setTimeout(() => {
      app.log.error('shutdown deadline passed; exiting');
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS);
    deadline.unref();
    await app.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));

  const address = await app.listen({ port: config.port, host: config.host });
  snapshots.start();
  if (config.activity.pollMs > 0) activity.start();
  console.log(`${config.siteName} is serving on ${address} (${db.engine})`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
