import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZIdParams, ZListQuery, ZMessageResponse } from '@nexusplay/contract/lists';
import { TOTAL_COUNT_HEADER } from '@nexusplay/contract/wire-constants';
import { ZCreateUserResponse, ZUserListItem, ZUserRequest } from '@nexusplay/contract/users';
import { ZErrorResponse } from '@nexusplay/contract/errors';
import { BEARER } from '../../lib/route-schemas.js';
import { requireUser } from '../../plugins/auth.js';
import type { UsersService } from './users.service.js';

const ERRORS = {
  400: ZErrorResponse,
  401: ZErrorResponse,
  403: ZErrorResponse,
  404: ZErrorResponse,
  409: ZErrorResponse,
};

/** Manage Users (admin only): the list, and accounts made, changed and removed by an admin. */
export const usersRoutes: FastifyPluginAsyncZod<{ users: UsersService }> = async (
  app,
  { users },
) => {
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
      const { items, total } = await users.list(request.query);
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
      return reply.status(201).send(await users.create(request.body));
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
    async (request) => users.change(request.params.id, request.body),
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
      await users.remove(requireUser(request).id, request.params.id);
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
      const email = await users.sendResetLink(request.params.id);
      return { message: `A reset link is on its way to ${email}.` };
    },
  );
};
