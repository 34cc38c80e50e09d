/**
 * Scratch PostgreSQL databases for the load test, the catalogue benchmark and the server's
 * child-process tests: each run creates its own and drops it after, so runs never see each
 * other's rows.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export type ScratchDatabase = { url: string; drop(): Promise<void> };

/** Runs one statement (or several, separated by semicolons) on the database of `url`. */
export async function runStatement(url: string, statement: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** The rows one query answers on the database of `url`. */
export async function queryRows(url: string, text: string): Promise<Record<string, unknown>[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<Record<string, unknown>>(text)).rows;
  } finally {
    await client.end();
  }
}

/** A new, empty database on the server of `serverUrl`, for one run and dropped after it. */
export async function createScratchDatabase(
  serverUrl: string,
  purpose: string,
): Promise<ScratchDatabase> {
  // An unquoted identifier: a purpose such as "npm-start" is written "npm_start".
  const name = `nexusplay_${purpose.toLowerCase().replace(/[^a-z0-9_]/g, '_')}_${randomBytes(6).toString('hex')}`;
  await runStatement(serverUrl, `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  let dropped = false;
  return {
    url: url.toString(),
    drop: async () => {
      if (dropped) return;
      dropped = true;
      // FORCE ends any connection a killed server may have left behind.
      await runStatement(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}
