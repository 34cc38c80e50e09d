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
import { unauthorized } from '../../lib/app-error.js';
import { getUserByEmail, toPublicUser } from '../users/users.repository.js';
import { registerAccount } from '../users/users.service.js';
import { BEARER } from '../../lib/route-schemas.js';
import { requireUser } from '../../plugins/auth.js';
import { perAddress } from '../../plugins/rate-limits.js';
import type { LoginThrottle } from './login-throttle.js';
import { verifyAgainstDecoy, verifyPassword } from './passwords.js';
import {
  isResetUsable,
  RESET_MAILS_PER_EMAIL,
  requestPasswordReset,
  resetPassword,
  type ResetDeps,
} from './password-reset.service.js';
import { dropResets } from './password-resets.repository.js';
import { signOut } from './sessions.service.js';

export type AuthRoutesOptions = {
  throttle: LoginThrottle;
  resets: ResetDeps;
};

const INVALID_CREDENTIALS = 'Invalid email or password.';
/** Forgot-password requests per client address (README, SECURITY.md). */
const FORGOT_PER_ADDRESS = 5;
const FORGOT_WINDOW = '15 minutes';
/** Attempts to use a reset link per client address. */
const RESET_PER_ADDRESS = 20;
const RESET_WINDOW = '15 minutes';

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (
  app,
  { throttle, resets },
) => {
  const { registerPerHour, siteName } = app.config;
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
      const user = await registerAccount(app.db.kysely, siteName, request.body);
      return reply.status(201).send(user);
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
    async (request) => {
      const { email, password } = request.body;
      const user = await throttle.attempt(request.ip, email, async () => {
        const row = await getUserByEmail(app.db.kysely, email);
        const valid = row
          ? await verifyPassword(row.password_hash, password)
          : await verifyAgainstDecoy(password);
        return row && valid ? row : undefined;
      });
      if (!user) throw unauthorized(INVALID_CREDENTIALS);
      // The owner got in: a reset link still in a mailbox is of no more use, only of risk.
      await dropResets(app.db.kysely, user.id);
      return { token: app.signToken(toPublicUser(user), user.session_generation) };
    },
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
      await signOut(app.db.kysely, app.sessions, request.user);
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
      requestPasswordReset(resets, request.body.email);
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
    async (request) => ({ usable: await isResetUsable(app.db.kysely, request.body.token) }),
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
      await resetPassword(
        app.db.kysely,
        app.sessions,
        request.body.token,
        request.body.new_password,
        siteName,
      );
      return { message: 'Your password has been set. Please sign in with it.' };
    },
  );
};
