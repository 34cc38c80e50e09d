import { Redis } from 'ioredis';

export type SharedRedis = {
  client: Redis;
  /** Every key this site writes carries the configured prefix, so sites can share a server. */
  key(name: string): string;
  prefix: string;
  close(): Promise<void>;
};

// A command that cannot be answered quickly fails instead of holding a request hostage; each
// caller decides what a failure means (fail open for caches, fall back to local work, ...).
const COMMAND_TIMEOUT_MS = 1_000;

/** Connects at start, so a wrong REDIS_URL stops the server with a clear message. */
export async function connectRedis(options: { url: string; prefix: string }): Promise<SharedRedis> {
  const client = new Redis(options.url, {
    lazyConnect: true,
    maxRetriesPerRequest: 1,
    commandTimeout: COMMAND_TIMEOUT_MS,
    enableAutoPipelining: true,
  });
  // Without a listener ioredis reports every reconnection attempt as an unhandled error.
  client.on('error', () => {});
  try {
    await client.connect();
  } catch (error) {
    client.disconnect();
    throw new Error(`Redis at REDIS_URL is unreachable: ${(error as Error).message}`, {
      cause: error,
    });
  }
  return {
    client,
    prefix: options.prefix,
    key: (name) => `${options.prefix}${name}`,
    close: async () => {
      await client.quit().catch(() => client.disconnect());
    },
  };
}
