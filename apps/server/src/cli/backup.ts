import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import SQLite from 'better-sqlite3';
import { ConfigError, loadConfig } from '../config.js';
import { databaseOptionsFor } from '../db/database.js';

const USAGE = [
  'Usage: npm run backup [-- FILE]      copy the SQLite database to FILE',
  '                                     (default DATA_DIR/backups/nexusplay-<time>.db)',
  '       npm run restore -- FILE       replace the SQLite database with FILE; stop the server first',
].join('\n');

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const stamp = () => new Date().toISOString().replace(/[-:]/g, '').replace(/\..*$/, 'Z');

/** A file is restorable when SQLite finds it intact and it holds this application's tables. */
function assertRestorable(file: string) {
  let db: SQLite.Database;
  try {
    db = new SQLite(file, { readonly: true, fileMustExist: true });
  } catch (error) {
    fail(`${file} cannot be opened: ${(error as Error).message}`);
  }
  try {
    const integrity = db.pragma('integrity_check', { simple: true });
    if (integrity !== 'ok') fail(`${file} is damaged: ${String(integrity)}`);
    const tables = new Set(
      db.prepare(`select name from sqlite_master where type = 'table'`).pluck().all() as string[],
    );
    for (const table of ['users', 'games', 'blogs', 'kysely_migration'])
      if (!tables.has(table)) fail(`${file} is not a NexusPlay database (no ${table} table).`);
  } catch (error) {
    fail(`${file} is not a readable SQLite database: ${(error as Error).message}`);
  } finally {
    db.close();
  }
}

/**
 * SQLite's online backup: a consistent copy page by page, safe while the server is writing
 * (it takes the same locks a writer would). The restore uses it in the other direction, so the
 * live file, its WAL and its header stay coherent.
 */
async function copyDatabase(from: string, to: string) {
  const source = new SQLite(from, { readonly: true, fileMustExist: true });
  try {
    await source.backup(to);
  } finally {
    source.close();
  }
}

async function run() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { help: { type: 'boolean', short: 'h' } },
  });
  const [command, file] = positionals;
  if (values.help || (command !== 'backup' && command !== 'restore')) fail(USAGE);

  const config = loadConfig();
  const options = databaseOptionsFor(config);
  if (options.engine !== 'sqlite')
    fail('DATABASE_URL points at PostgreSQL: use pg_dump and pg_restore (see docs/operations.md).');
  const live = options.file;

  if (command === 'backup') {
    if (!fs.existsSync(live)) fail(`There is no database at ${live} yet.`);
    const target = path.resolve(
      file ?? path.join(config.dataDir, 'backups', `nexusplay-${stamp()}.db`),
    );
    if (fs.existsSync(target)) fail(`${target} already exists; choose another file.`);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    await copyDatabase(live, target);
    assertRestorable(target);
    console.log(`Backed up ${live} to ${target}.`);
    return;
  }

  if (!file) fail(USAGE);
  const source = path.resolve(file);
  assertRestorable(source);
  fs.mkdirSync(path.dirname(live), { recursive: true });
  if (fs.existsSync(live)) {
    const safety = path.join(config.dataDir, 'backups', `before-restore-${stamp()}.db`);
    fs.mkdirSync(path.dirname(safety), { recursive: true });
    await copyDatabase(live, safety);
    console.log(`The database being replaced was kept in ${safety}.`);
  }
  await copyDatabase(source, live);
  assertRestorable(live);
  console.log(`Restored ${live} from ${source}. Start the server to use it.`);
}

run().catch((error: unknown) => {
  if (error instanceof ConfigError) fail(error.message);
  console.error(error);
  process.exit(1);
});
