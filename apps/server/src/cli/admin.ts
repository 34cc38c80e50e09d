import { parseArgs } from 'node:util';
import { ZEmail, ZUsername } from '@nexusplay/contract/users';
import { ZNewPassword } from '@nexusplay/contract/auth';
import { ConfigError, loadConfig } from '../config.js';
import { databaseOptionsFor, openDatabase } from '../db/database.js';
import {
  AdminIdentityTakenError,
  AdminPasswordRefusedError,
  createAdmin,
} from '../modules/users/first-admin.js';

const USAGE = 'Usage: npm run admin -- create --email EMAIL --username NAME [--password PASSWORD]';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

async function run() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      email: { type: 'string' },
      username: { type: 'string' },
      password: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help || positionals[0] !== 'create') fail(USAGE);

  const email = ZEmail.safeParse(values.email);
  const username = ZUsername.safeParse(values.username);
  const password =
    values.password === undefined ? undefined : ZNewPassword.safeParse(values.password);
  const problems = [
    !email.success && `--email: ${email.error.issues[0]?.message}`,
    !username.success && `--username: ${username.error.issues[0]?.message}`,
    password && !password.success && `--password: ${password.error.issues[0]?.message}`,
  ].filter(Boolean);
  if (problems.length > 0 || !email.success || !username.success)
    fail([...problems, USAGE].join('\n'));

  const config = loadConfig();
  const db = await openDatabase(databaseOptionsFor(config));
  try {
    const created = await createAdmin(db.kysely, {
      email: email.data,
      username: username.data,
      ...(password?.success ? { password: password.data } : {}),
      siteName: config.siteName,
    });
    console.log(`Administrator ${created.user.username} <${created.user.email}> created.`);
    if (created.generatedPassword)
      console.log(`Password: ${created.generatedPassword}   (shown only this once)`);
  } catch (error) {
    if (error instanceof AdminIdentityTakenError) fail(error.message);
    if (error instanceof AdminPasswordRefusedError) fail(`--password: ${error.message}`);
    throw error;
  } finally {
    await db.close();
  }
}

run().catch((error: unknown) => {
  if (error instanceof ConfigError) fail(error.message);
  console.error(error);
  process.exit(1);
});
