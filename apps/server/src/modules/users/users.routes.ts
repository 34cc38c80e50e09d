import { sql, type Kysely } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  TOTAL_COUNT_HEADER,
  ZIdParams,
  ZListQuery,
  ZMessageResponse,
} from '@nexusplay/contract/lists';
import {
  ZCreateUserResponse,
  ZUserListItem,
  ZUserRequest,
  type TRole,
} from '@nexusplay/contract/users';
import { ZErrorResponse } from '@nexusplay/contract/errors';
import type { Database, Engine } from '../../db/schema.js';
import { isUniqueViolation } from '../../db/errors.js';
import { conflict, notFound } from '../../lib/app-error.js';
import { BEARER } from '../../lib/route-schemas.js';
import { requireUser } from '../../plugins/auth.js';
import { generatePassword, hashPassword } from '../auth/passwords.js';
import { endAllSessions } from '../auth/sessions.repository.js';
import { identityConflict } from './identity-conflict.js';
import {
  countAdmins,
  createUser,
  deleteUser,
  findIdentityConflicts,
  getUserListItem,
  listUsers,
  updateUserIdentity,
} from './users.repository.js';

const ERRORS = {
  400: ZErrorResponse,
  401: ZErrorResponse,
  403: ZErrorResponse,
  404: ZErrorResponse,
  409: ZErrorResponse,
};

const LAST_ADMIN =
  'The last administrator cannot be removed or made a user. Make another account an admin first.';

/**
 * Role changes and deletions that could leave no admin are decided one at a time: PostgreSQL
 * takes a transaction-scoped lock, SQLite already runs one writer at a time.
 */
async function lockAdminChanges(trx: Kysely<Database>, engine: Engine) {
  if (engine === 'postgres') await sql`select pg_advisory_xact_lock(7300001)`.execute(trx);
}

async function assertNotLastAdmin(
  trx: Kysely<Database>,
  currentRole: TRole,
  nextRole: TRole | null,
) {
  if (currentRole === 'admin' && nextRole !== 'admin' && (await countAdmins(trx)) <= 1) {
    throw conflict(LAST_ADMIN);
  }
}

/** Manage Users (admin only): the list, and accounts made, changed and removed by an admin. */
export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.db.kysely;

  app.get(
    '/users',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['users'],
        summary: 'Accounts, oldest first; X-Total-Count holds the number of matches',
        security: BEARER,
        querystring: ZListQuery,
        response: { 200: z.array(ZUserListItem), ...ERRORS },
      },
    },
    async (request, reply) => {
      const { items, total } = await listUsers(db(), request.query);
      reply.header(TOTAL_COUNT_HEADER, String(total));
      return items;
    },
  );

  app.post(
    '/users',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['users'],
        summary: 'Create an account; its one-time password is in the answer and nowhere else',
        security: BEARER,
        body: ZUserRequest,
        response: { 201: ZCreateUserResponse, ...ERRORS },
      },
    },
    async (request, reply) => {
      const { username, email, role } = request.body;
      const taken = await findIdentityConflicts(db(), email, username);
      if (taken.email || taken.username) throw identityConflict(taken);
      const password = generatePassword();
      try {
        const user = await createUser(db(), {
          username,
          email,
          role,
          passwordHash: await hashPassword(password),
        });
        return reply.status(201).send({ user, password });
      } catch (error) {
        if (isUniqueViolation(error))
          throw identityConflict(await findIdentityConflicts(db(), email, username));
        throw error;
      }
    },
  );

  app.put(
    '/users/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['users'],
        summary: 'Change an account’s username, email or role',
        security: BEARER,
        params: ZIdParams,
        body: ZUserRequest,
        response: { 200: ZUserListItem, ...ERRORS },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { username, email, role } = request.body;
      const taken = await findIdentityConflicts(db(), email, username, id);
      if (taken.email || taken.username) throw identityConflict(taken);
      try {
        return await db()
          .transaction()
          .execute(async (trx) => {
            await lockAdminChanges(trx, app.db.engine);
            const current = await getUserListItem(trx, id);
            if (!current) throw notFound('This account does not exist.');
            await assertNotLastAdmin(trx, current.role, role);
            const updated = await updateUserIdentity(trx, id, { username, email, role });
            if (!updated) throw notFound('This account does not exist.');
            // Tokens carry the role; none issued under the old one may outlive the change.
            if (current.role !== role) await endAllSessions(trx, id);
            return updated;
          });
      } catch (error) {
        if (isUniqueViolation(error))
          throw identityConflict(await findIdentityConflicts(db(), email, username, id));
        throw error;
      }
    },
  );

  app.delete(
    '/users/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['users'],
        summary: 'Delete an account (not your own, not the last admin)',
        security: BEARER,
        params: ZIdParams,
        response: { 200: ZMessageResponse, ...ERRORS },
      },
    },
    async (request) => {
      const { id } = request.params;
      if (requireUser(request).id === id) {
        throw conflict('You cannot delete your own account from here.');
      }
      await db()
        .transaction()
        .execute(async (trx) => {
          await lockAdminChanges(trx, app.db.engine);
          const current = await getUserListItem(trx, id);
          if (!current) throw notFound('This account does not exist.');
          await assertNotLastAdmin(trx, current.role, null);
          await deleteUser(trx, id);
        });
      return { message: 'User deleted.' };
    },
  );
};
