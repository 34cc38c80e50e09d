import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  FORGOT_PASSWORD_ANSWER,
  ZForgotPasswordRequest,
  ZResetPasswordRequest,
  ZResetTokenCheckRequest,
  ZResetTokenCheckResponse,
} from '@nexusplay/contract/account';
import { ZMessageResponse } from '@nexusplay/contract/lists';
import {
  ZLoginRequest,
  ZLoginResponse,
  ZLogoutResponse,
  ZRegisterRequest,
} from '@nexusplay/contract/auth';
import { ZErrorResponse } from '@nexusplay/contract/errors';
import { ZUser } from '@nexusplay/contract/users';
import { BEARER } from '../../lib/route-schemas.js';
import { requireUser } from '../../plugins/auth.js';
import { perAddress } from '../../plugins/rate-limits.js';
import type { UsersService } from '../users/users.service.js';
import type { AuthService } from './auth.service.js';
import { RESET_MAILS_PER_EMAIL } from './password-reset.service.js';

export type AuthRoutesOptions = {
  auth: AuthService;
  /** Sign-up makes an account: the users module's door. */
  users: UsersService;
};

/** Forgot-password requests per client address (README, SECURITY.md). */
const FORGOT_PER_ADDRESS = 5;
const FORGOT_WINDOW = '15 minutes';
/** Attempts to use a reset link per client address. */
const RESET_PER_ADDRESS = 20;
const RESET_WINDOW = '15 minutes';

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (
  app,
  { auth, users },
) => {
  const { registerPerHour } = app.config;
  app.post(
    '/register',
    {
      config: {
        access: 'public',
        rateLimit: perAddress(registerPerHour, '1 hour'),
      },
      schema: {
        tags: ['auth'],
        summary: 'Create an account',
        body: ZRegisterRequest,
        response: { 201: ZUser, 400: ZErrorResponse, 409: ZErrorResponse, 429: ZErrorResponse },
      },
    },
    async (request, reply) => {
      return reply.status(201).send(await users.register(request.body));
    },
  );

  app.post(
    '/login',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Sign in and receive a session token',
        body: ZLoginRequest,
        response: {
          200: ZLoginResponse,
          400: ZErrorResponse,
          401: ZErrorResponse,
          429: ZErrorResponse,
        },
      },
    },
    async (request) => auth.login(request.ip, request.body.email, request.body.password),
  );

  app.get(
    '/me',
    {
      config: { access: 'user' },
      schema: {
        tags: ['auth'],
        summary: 'The signed-in account',
        security: [{ bearerAuth: [] }],
        response: { 200: ZUser, 401: ZErrorResponse },
      },
    },
    async (request) => requireUser(request),
  );

  app.post(
    '/logout',
    {
      config: { access: 'user' },
      schema: {
        tags: ['auth'],
        summary: 'Sign out: this session’s token is refused from now on, other sessions stay',
        security: BEARER,
        response: { 200: ZLogoutResponse, 401: ZErrorResponse },
      },
    },
    async (request) => {
      await auth.signOut(request.user);
      return { message: 'Signed out.' };
    },
  );

  app.post(
    '/password/forgot',
    {
      config: {
        access: 'public',
        rateLimit: perAddress(FORGOT_PER_ADDRESS, FORGOT_WINDOW),
      },
      schema: {
        tags: ['auth'],
        summary: `Mail a reset link if an account has this email; the same answer either way (at most ${RESET_MAILS_PER_EMAIL} mails per email per hour)`,
        body: ZForgotPasswordRequest,
        response: { 202: ZMessageResponse, 400: ZErrorResponse, 429: ZErrorResponse },
      },
    },
    async (request, reply) => {
      auth.requestPasswordReset(request.body.email);
      return reply.status(202).send({ message: FORGOT_PASSWORD_ANSWER });
    },
  );

  app.post(
    '/password/reset/check',
    {
      config: {
        access: 'public',
        // Under the same limit as using a link, so that guessing tokens here is no cheaper.
        rateLimit: perAddress(RESET_PER_ADDRESS, RESET_WINDOW),
      },
      schema: {
        tags: ['auth'],
        summary: 'Whether a reset link’s token can still set a password (the link stays as it was)',
        body: ZResetTokenCheckRequest,
        response: { 200: ZResetTokenCheckResponse, 400: ZErrorResponse, 429: ZErrorResponse },
      },
    },
    async (request) => ({ usable: await auth.isResetUsable(request.body.token) }),
  );

  app.post(
    '/password/reset',
    {
      config: {
        access: 'public',
        rateLimit: perAddress(RESET_PER_ADDRESS, RESET_WINDOW),
      },
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with a reset link’s token; every session of the account ends',
        body: ZResetPasswordRequest,
        response: { 200: ZMessageResponse, 400: ZErrorResponse, 429: ZErrorResponse },
      },
    },
    async (request) => {
      await auth.resetPassword(request.body.token, request.body.new_password);
      return { message: 'Your password has been set. Please sign in with it.' };
    },
  );
};
