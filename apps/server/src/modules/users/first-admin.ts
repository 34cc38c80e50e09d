import type { Kysely } from 'kysely';
import type { TUser } from '@nexusplay/contract/users';
import type { Database } from '../../db/schema.js';
import { passwordProblem } from '../auth/password-policy.js';
import { generatePassword, hashPassword } from '../auth/passwords.js';
import { countAdmins, createUser, findIdentityConflicts } from './users.repository.js';

/** `siteName` is among the words a given password is judged against. */
export type AdminSeed = { email?: string; username?: string; password?: string; siteName?: string };

export type CreatedAdmin = { user: TUser; generatedPassword?: string };

export class AdminIdentityTakenError extends Error {}

export class AdminPasswordRefusedError extends Error {}

/** Creates an admin account; a password is generated when none is given and returned once. */
export async function createAdmin(
  db: Kysely<Database>,
  seed: { email: string; username: string; password?: string; siteName?: string },
): Promise<CreatedAdmin> {
  const taken = await findIdentityConflicts(db, seed.email, seed.username);
  if (taken.email || taken.username) {
    throw new AdminIdentityTakenError(
      `An account with this ${taken.email ? 'email' : 'username'} already exists.`,
    );
  }
  const refused = seed.password && (await passwordProblem(seed.password, seed));
  if (refused) throw new AdminPasswordRefusedError(refused);
  const password = seed.password ?? generatePassword();
  const user = await createUser(db, {
    email: seed.email,
    username: seed.username,
    passwordHash: await hashPassword(password),
    role: 'admin',
  });
  return seed.password ? { user } : { user, generatedPassword: password };
}

/** On a fresh install there must be someone who can reach the admin area. */
export async function ensureFirstAdmin(db: Kysely<Database>, seed: AdminSeed) {
  if ((await countAdmins(db)) > 0) return undefined;
  try {
    return await createAdmin(db, {
      email: seed.email ?? 'admin@nexusplay.local',
      username: seed.username ?? 'admin',
      ...(seed.password ? { password: seed.password } : {}),
      ...(seed.siteName ? { siteName: seed.siteName } : {}),
    });
  } catch (error) {
    // Another instance starting at the same moment created it first (a unique index refused ours).
    if ((await countAdmins(db)) > 0) return undefined;
    throw error;
  }
}
