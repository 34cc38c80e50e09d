import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../src/db/database.js';
import { TEST_ENGINE } from '../support/test-app.js';

const cli = path.resolve(import.meta.dirname, '../../src/cli/backup.ts');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nexusplay-backup-'));
const live = path.join(dataDir, 'nexusplay.db');

function runCli(...args: string[]) {
  const result = spawnSync(
    process.execPath,
    ['--conditions=source', '--import', 'tsx', cli, ...args],
    {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
      encoding: 'utf8',
      timeout: 30_000,
    },
  );
  return { code: result.status, out: result.stdout, err: result.stderr };
}

async function withDb<T>(use: (db: Db) => Promise<T>) {
  const db = await openDatabase({ engine: 'sqlite', file: live });
  try {
    return await use(db);
  } finally {
    await db.close();
  }
}

const addGame = (name: string) =>
  withDb((db) =>
    db.kysely
      .insertInto('games')
      .values({
        name,
        description: 'A game.',
        link: 'https://example.com',
        image: null,
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
      })
      .execute(),
  );

const gameNames = () =>
  withDb(async (db) =>
    (await db.kysely.selectFrom('games').select('name').orderBy('id').execute()).map((g) => g.name),
  );

// SQLite only: PostgreSQL is backed up with pg_dump, which the command points to.
describe.runIf(TEST_ENGINE === 'sqlite')('npm run backup / npm run restore', () => {
  const backupFile = path.join(dataDir, 'saved', 'one.db');
  beforeAll(() => addGame('Kept'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('backs up a consistent copy while the database is open for writing', async () => {
    const db = await openDatabase({ engine: 'sqlite', file: live });
    try {
      const { code, out } = runCli('backup', backupFile);
      expect(code, out).toBe(0);
      expect(out).toContain(`to ${backupFile}`);
    } finally {
      await db.close();
    }
    expect(runCli('backup', backupFile).code).toBe(1);
  });

  it('restores the copy, keeping the replaced database aside', async () => {
    await addGame('Added after the backup');
    expect(await gameNames()).toEqual(['Kept', 'Added after the backup']);
    const { code, out } = runCli('restore', backupFile);
    expect(code, out).toBe(0);
    expect(await gameNames()).toEqual(['Kept']);
    const kept = fs.readdirSync(path.join(dataDir, 'backups'));
    expect(kept.some((name) => name.startsWith('before-restore-'))).toBe(true);
  });

  it('refuses to restore a damaged file or something that is not a NexusPlay database', async () => {
    const damaged = path.join(dataDir, 'damaged.db');
    const bytes = fs.readFileSync(backupFile);
    bytes.fill(0x41, 4096, 8192);
    fs.writeFileSync(damaged, bytes);
    const res = runCli('restore', damaged);
    expect(res.code).toBe(1);
    expect(res.err).toMatch(/damaged|not a readable SQLite database/);

    const other = path.join(dataDir, 'other.db');
    fs.writeFileSync(other, '');
    const empty = runCli('restore', other);
    expect(empty.code).toBe(1);
    expect(empty.err).toContain('is not a NexusPlay database');
    expect(await gameNames()).toEqual(['Kept']);
  });
});
