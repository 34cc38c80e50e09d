import { startServer as launchServer, type ServerProcess } from '../harness/server-process.js';

export type ServerOptions = {
  entry: string;
  dataDir: string;
  /** PostgreSQL when given, else the SQLite file in the data directory. */
  databaseUrl: string | undefined;
  upstreamUrl: string;
  admin: { email: string; username: string; password: string };
};

export type RunningServer = ServerProcess & { port: number };

/**
 * Starts the server as its own process on a free port of 127.0.0.1, configured the way it runs
 * in production behind a proxy, so that every virtual client has its own address.
 */
export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const server = await launchServer({
    entry: options.entry,
    dataDir: options.dataDir,
    echoStderr: true,
    env: {
      DATABASE_URL: options.databaseUrl ?? '',
      ADMIN_EMAIL: options.admin.email,
      ADMIN_USERNAME: options.admin.username,
      ADMIN_PASSWORD: options.admin.password,
      REGISTER_MAX_PER_HOUR: '100000',
      TRUST_PROXY: '1',
      SEED_DEMO_CONTENT: 'true',
      PRICE_API_URL: options.upstreamUrl,
      FX_API_URL: `${options.upstreamUrl}/fx`,
      MARKET_API_URL: '',
      // The load test reads no balances; the snapshot passes must not reach Ronin's public node.
      RONIN_RPC_URL: `${options.upstreamUrl}/ronin`,
      // One instance on its own: no state shared through Redis.
      REDIS_URL: '',
      LOG_LEVEL: 'warn',
    },
  });
  return { ...server, port: Number(new URL(server.url).port) };
}
