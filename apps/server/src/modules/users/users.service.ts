import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { TListQuery } from '@nexusplay/contract/lists';
import type { TRole, ZUserRequest } from '@nexusplay/contract/users';
import type { Database, Engine } from '../../db/schema.js';
import { isUniqueViolation } from '../../db/errors.js';
import { badRequest, conflict, notFound } from '../../lib/app-error.js';
import { generatePassword, hashPassword } from '../auth/passwords.js';
import { passwordProblem } from '../auth/password-policy.js';
import type { LoginThrottle } from '../auth/login-throttle.js';
import { sendResetLink, type ResetDeps } from '../auth/password-reset.service.js';
import { dropResets } from '../auth/password-resets.repository.js';
import type { SessionCache } from '../auth/session-cache.js';
import { endAllSessions, raiseSessionEnds } from '../auth/sessions.repository.js';
import { identityConflict } from './identity-conflict.js';
import {
  countAdmins,
  createUser,
  deleteUser,
  findIdentityConflicts,
  getUserById,
  getUserListItem,
  listUsers,
  lockAdminChanges,
  toPublicUser,
  updateUserIdentity,
} from './users.repository.js';

type DB = Kysely<Database>;
/** The form as validated (trimmed and normalised), not as sent. */
type AccountRequest = z.output<typeof ZUserRequest>;
type SignUpRequest = Omit<AccountRequest, 'role'> & { password: string };

/**
 * What the users module needs from the app: the database, the sessions its writes end, the
 * sign-in counts a deletion drops, and what mailing a reset link takes.
 */
export type UsersDeps = ResetDeps & {
  engine: Engine;
  sessions: SessionCache;
  throttle: LoginThrottle;
};

const LAST_ADMIN =
  'The last administrator cannot be removed or made a user. Make another account an admin first.';

async function assertNotLastAdmin(
  trx: Kysely<Database>,
  currentRole: TRole,
  nextRole: TRole | null,
) {
  if (currentRole === 'admin' && nextRole !== 'admin' && (await countAdmins(trx)) <= 1) {
    throw conflict(LAST_ADMIN);
  }
}

/** A unique index refused the write: the answer names what is taken, as the check before it does. */
async function identityConflictOr(
  db: DB,
  error: unknown,
  request: Pick<AccountRequest, 'email' | 'username'>,
  id?: number,
) {
  if (!isUniqueViolation(error)) return error;
  return identityConflict(await findIdentityConflicts(db, request.email, request.username, id));
}

/**
 * An account with `password`, unless its email or username is taken (409 naming which; two
 * sign-ups racing for the same identity: the index decides, the loser gets the 409).
 */
async function insertAccount(db: DB, request: AccountRequest, password: string) {
  const { username, email, role } = request;
  const taken = await findIdentityConflicts(db, email, username);
  if (taken.email || taken.username) throw identityConflict(taken);
  try {
    const passwordHash = await hashPassword(password);
    return await createUser(db, { username, email, role, passwordHash });
  } catch (error) {
    throw await identityConflictOr(db, error, request);
  }
}

/** An account made by an admin, with a one-time password shown in the answer only. */
async function createAccount(db: DB, request: AccountRequest) {
  const password = generatePassword();
  return { user: await insertAccount(db, request, password), password };
}

/** A user's own sign-up: a password the policy refuses is a 400 on the password field. */
async function registerAccount(db: DB, siteName: string, request: SignUpRequest) {
  const { username, email, password } = request;
  const weak = await passwordProblem(password, { email, username, siteName });
  if (weak) throw badRequest(weak, { password: weak });
  return toPublicUser(await insertAccount(db, { username, email, role: 'user' }, password));
}

/** Sessions a change ends are announced once it has committed (see SessionCache). */
async function changeAccount(
  db: DB,
  engine: Engine,
  sessions: SessionCache,
  id: number,
  request: AccountRequest,
) {
  const { username, email, role } = request;
  const taken = await findIdentityConflicts(db, email, username, id);
  if (taken.email || taken.username) throw identityConflict(taken);
  let endedSessions = false;
  try {
    const updated = await db.transaction().execute(async (trx) => {
      await lockAdminChanges(trx, engine);
      const current = await getUserListItem(trx, id);
      if (!current) throw notFound('This account does not exist.');
      await assertNotLastAdmin(trx, current.role, role);
      const updated = await updateUserIdentity(trx, id, { username, email, role });
      if (!updated) throw notFound('This account does not exist.');
      // Tokens carry the role; none issued under the old one may outlive the change.
      if (current.role !== role) {
        await endAllSessions(trx, id, 'role-changed');
        endedSessions = true;
      }
      // A reset link mailed to the old address, or issued under the old role, must not outlive
      // the change.
      if (current.role !== role || current.email !== updated.email) await dropResets(trx, id);
      return updated;
    });
    if (endedSessions) await sessions.ended([{ userId: id }]);
    return updated;
  } catch (error) {
    throw await identityConflictOr(db, error, request, id);
  }
}

/**
 * Deletes the account, ends its sessions and drops the sign-in counts kept under its email. Those
 * counts expire by themselves (LOGIN_KNOWN_ADDRESS_TTL at the longest), so a store that cannot
 * answer does not fail a deletion that has already committed.
 */
export async function deleteAccount(
  db: DB,
  engine: Engine,
  sessions: SessionCache,
  throttle: LoginThrottle,
  id: number,
) {
  const email = await db.transaction().execute(async (trx) => {
    await lockAdminChanges(trx, engine);
    const current = await getUserListItem(trx, id);
    if (!current) throw notFound('This account does not exist.');
    await assertNotLastAdmin(trx, current.role, null);
    await deleteUser(trx, id);
    await raiseSessionEnds(trx);
    return current.email;
  });
  await Promise.all([
    sessions.ended([{ userId: id }]),
    throttle.forgetAccount(email).catch(() => undefined),
  ]);
}

/**
 * Accounts: sign-up, and the accounts an admin lists, makes, changes, removes and mails a reset
 * link to. Every write ends the sessions it must, after it commits.
 */
export function usersService(deps: UsersDeps) {
  const { db, engine, sessions, throttle } = deps;
  return {
    list: (query: TListQuery) => listUsers(db, query),

    register: (request: SignUpRequest) => registerAccount(db, deps.site.siteName, request),

    create: (request: AccountRequest) => createAccount(db, request),

    change: (id: number, request: AccountRequest) =>
      changeAccount(db, engine, sessions, id, request),

    /** An admin removes account `id`; their own is refused (409). */
    async remove(adminId: number, id: number) {
      if (adminId === id) throw conflict('You cannot delete your own account from here.');
      await deleteAccount(db, engine, sessions, throttle, id);
    },

    /** Mails account `id` a new reset link (the older one stops working); answers its email. */
    async sendResetLink(id: number) {
      const user = await getUserById(db, id);
      if (!user) throw notFound('This account does not exist.');
      await sendResetLink(deps, user);
      return user.email;
    },
  };
}

export type UsersService = ReturnType<typeof usersService>;
