import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { TEST_ENGINE } from '../support/test-app.js';

const cli = path.resolve(import.meta.dirname, '../../src/cli/admin.ts');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nexusplay-cli-'));

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

// The command works the same on either engine; it is exercised once, on the embedded database.
describe.runIf(TEST_ENGINE === 'sqlite')('npm run admin -- create', () => {
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('creates an administrator and prints the generated password once', () => {
    const { code, out } = runCli('create', '--email', 'Chief@Example.com', '--username', 'chief');
    expect(code).toBe(0);
    expect(out).toContain('Administrator chief <chief@example.com> created.');
    expect(out).toMatch(/Password: [A-Za-z0-9_-]{24} /);
  });

  it('refuses a taken identity and bad arguments with a non-zero exit and a reason', () => {
    const taken = runCli('create', '--email', 'chief@example.com', '--username', 'other');
    expect(taken.code).toBe(1);
    expect(taken.err).toContain('An account with this email already exists.');

    const bad = runCli('create', '--email', 'nope', '--username', 'x', '--password', 'short');
    expect(bad.code).toBe(1);
    expect(bad.err).toContain('--email: Enter a valid email address.');
    expect(bad.err).toContain('--username: Username must be at least 3 characters.');
    expect(bad.err).toContain('--password: Password must be at least 8 characters.');
    expect(bad.err).toContain('Usage: npm run admin -- create');

    const common = runCli(
      'create',
      '--email',
      'c@example.com',
      '--username',
      'chief2',
      '--password',
      'iloveyou',
    );
    expect(common.code).toBe(1);
    // The library's own feedback, as the web forms show it.
    expect(common.err).toContain('--password: This is a frequently used password.');
  }, 60_000);

  it('refuses a password with blanks at its ends rather than trimming it', () => {
    const padded = runCli(
      'create',
      '--email',
      'd@example.com',
      '--username',
      'chief3',
      '--password',
      ' lantern orbit 42 violet',
    );
    expect(padded.code).toBe(1);
    expect(padded.err).toContain(
      '--password: Password must not begin or end with a space, tab or line break.',
    );
  }, 30_000);
});
