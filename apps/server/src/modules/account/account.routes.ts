import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZChangePasswordRequest,
  ZChangePasswordResponse,
  ZDeleteAccountRequest,
} from '@nexusplay/contract/account';
import { ZErrorResponse } from '@nexusplay/contract/errors';
import { ZMessageResponse } from '@nexusplay/contract/lists';
import { BEARER } from '../../lib/route-schemas.js';
import { requireUser } from '../../plugins/auth.js';
import type { accountService } from './account.service.js';

export type AccountRoutesOptions = { account: ReturnType<typeof accountService> };

const ERRORS = { 400: ZErrorResponse, 401: ZErrorResponse, 429: ZErrorResponse };

/** The signed-in user's own account: password, sessions, deletion and their data. */
export const accountRoutes: FastifyPluginAsyncZod<AccountRoutesOptions> = async (
  app,
  { account },
) => {
  app.post(
    '/account/password',
    {
      config: { access: 'user' },
      schema: {
        tags: ['account'],
        summary: 'Change the password: every other session ends, this one gets a fresh token',
        security: BEARER,
        body: ZChangePasswordRequest,
        response: { 200: ZChangePasswordResponse, ...ERRORS },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { current_password: current, new_password: next } = request.body;
      const generation = await account.changePassword(request.ip, user, current, next);
      return { message: 'Password changed.', token: app.signToken(user, generation) };
    },
  );

  app.post(
    '/account/logout-all',
    {
      config: { access: 'user' },
      schema: {
        tags: ['account'],
        summary: 'Sign out everywhere: every session of the account ends, this one included',
        security: BEARER,
        response: { 200: ZMessageResponse, 401: ZErrorResponse },
      },
    },
    async (request) => {
      await account.signOutEverywhere(requireUser(request).id);
      return { message: 'Signed out everywhere.' };
    },
  );

  app.delete(
    '/account',
    {
      config: { access: 'user' },
      schema: {
        tags: ['account'],
        summary: 'Delete the account and everything that is the user’s (not the last admin)',
        security: BEARER,
        body: ZDeleteAccountRequest,
        response: { 200: ZMessageResponse, ...ERRORS, 409: ZErrorResponse },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await account.deleteOwn(request.ip, user, request.body.password, request.body.confirmation);
      return { message: 'Your account has been deleted.' };
    },
  );

  app.get(
    '/account/export',
    {
      config: { access: 'user' },
      schema: {
        tags: ['account'],
        summary: 'Download my data: the account and every record the user owns, as one JSON file',
        description:
          'The shape is stated in docs/account-export.md. The file is streamed. One download ' +
          'per user at a time, and a few per server: the rest are 429 with Retry-After.',
        security: BEARER,
        response: {
          200: z.unknown().describe('A JSON file: docs/account-export.md'),
          401: ZErrorResponse,
          429: ZErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      app.exportSlots.take(reply, user.id);
      const { stream } = await account.export(user.id);
      return reply
        .type('application/json; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="nexusplay-data-${user.id}.json"`)
        .send(stream);
    },
  );
};
