import { randomBytes } from 'node:crypto';
import pg from 'pg';

export type ScratchDatabase = { url: string; drop(): Promise<void> };

async function onServer(serverUrl: string, statement: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A new, empty database on the server of `serverUrl`, for one run and dropped after it. */
export async function createScratchDatabase(serverUrl: string): Promise<ScratchDatabase> {
  const name = `nexusplay_load_${randomBytes(6).toString('hex')}`;
  await onServer(serverUrl, `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  let dropped = false;
  return {
    url: url.toString(),
    drop: async () => {
      if (dropped) return;
      dropped = true;
      // FORCE ends any connection a killed server may have left behind.
      await onServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}
