import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZIdParams, ZListQuery, ZMessageResponse } from '@nexusplay/contract/lists';
import { TOTAL_COUNT_HEADER } from '@nexusplay/contract/wire-constants';
import { ZCreateUserResponse, ZUserListItem, ZUserRequest } from '@nexusplay/contract/users';
import { ZErrorResponse } from '@nexusplay/contract/errors';
import { conflict, notFound } from '../../lib/app-error.js';
import { BEARER } from '../../lib/route-schemas.js';
import { requireUser } from '../../plugins/auth.js';
import { sendResetLink, type ResetDeps } from '../auth/password-reset.service.js';
import type { LoginThrottle } from '../auth/login-throttle.js';
import { getUserById, listUsers } from './users.repository.js';
import { changeAccount, createAccount, deleteAccount } from './users.service.js';

const ERRORS = {
  400: ZErrorResponse,
  401: ZErrorResponse,
  403: ZErrorResponse,
  404: ZErrorResponse,
  409: ZErrorResponse,
};

/** Manage Users (admin only): the list, and accounts made, changed and removed by an admin. */
export const usersRoutes: FastifyPluginAsyncZod<{
  resets: ResetDeps;
  throttle: LoginThrottle;
}> = async (app, { resets, throttle }) => {
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
      const created = await createAccount(db(), request.body);
      return reply.status(201).send(created);
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
      return changeAccount(db(), app.db.engine, app.sessions, request.params.id, request.body);
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
      await deleteAccount(db(), app.db.engine, app.sessions, throttle, id);
      return { message: 'User deleted.' };
    },
  );

  app.post(
    '/users/:id/reset-link',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['users'],
        summary: 'Mail the account a password reset link (the older link stops working)',
        security: BEARER,
        params: ZIdParams,
        response: { 200: ZMessageResponse, ...ERRORS },
      },
    },
    async (request) => {
      const user = await getUserById(db(), request.params.id);
      if (!user) throw notFound('This account does not exist.');
      await sendResetLink(resets, user);
      return { message: `A reset link is on its way to ${user.email}.` };
    },
  );
};
