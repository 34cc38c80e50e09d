import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { authRoutes } from './modules/auth/auth.routes.js';
import { authService } from './modules/auth/auth.service.js';
import { openFailureStore } from './modules/auth/failure-store.js';
import { LoginThrottle, type FailureStore } from './modules/auth/login-throttle.js';
import type { Access } from './plugins/auth.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { blogsRoutes } from './modules/blogs/blogs.routes.js';
import { gamesRoutes } from './modules/games/games.routes.js';
import { toolsRoutes } from './modules/tools/tools.routes.js';
import { analyticsRoutes } from './modules/analytics/analytics.routes.js';
import { notificationsRoutes } from './modules/notifications/notifications.routes.js';
import { usersRoutes } from './modules/users/users.routes.js';
import { usersService } from './modules/users/users.service.js';
import { linksRoutes } from './modules/links/links.routes.js';
import { walletsRoutes } from './modules/wallets/wallets.routes.js';
import { portfolioRoutes } from './modules/portfolio/portfolio.routes.js';
import { gatewayRoutes } from './gateway/gateway.routes.js';
import { incomeRoutes } from './modules/income/income.routes.js';
import { incomeSuggestionRoutes } from './modules/income/income-suggestions.routes.js';
import { activityRoutes } from './modules/activity/activity.routes.js';
import { accountRoutes } from './modules/account/account.routes.js';
import { accountService } from './modules/account/account.service.js';
import { alertsRoutes } from './modules/alerts/alerts.routes.js';
import { ExportSlots } from './lib/exports.js';

export type RouteEntry = { method: string; url: string; access: Access };

declare module 'fastify' {
  interface FastifyInstance {
    /** Every API route with who may call it. */
    apiRouteTable: RouteEntry[];
  }
}

export type ApiOptions = {
  /** The sign-in failure counts to use instead of the app's own (see openFailureStore). */
  failureStore?: FailureStore;
  /** Filled with every API route as it is registered, for the authorization matrix. */
  routeTable: RouteEntry[];
};

/**
 * Every API module, under /api. A route that does not declare who may call it fails the start,
 * so no route can be added without a decision on its access.
 */
export async function apiRoutes(app: FastifyInstance, options: ApiOptions) {
  app.addHook('onRoute', (route) => {
    const access = route.config?.access;
    if (access !== 'public' && access !== 'user' && access !== 'admin') {
      throw new Error(`Route ${route.method} ${route.url} must declare config.access`);
    }
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') options.routeTable.push({ method, url: route.url, access });
    }
  });

  await app.register(healthRoutes);
  app.decorate('exportSlots', new ExportSlots());
  // The sign-in throttle and the reset-mail limit count in one store; the account routes check
  // the current password through the same throttle as sign-in.
  const store = openFailureStore(app, options.failureStore);
  const throttle = new LoginThrottle(store, app.config.loginThrottle);
  const authDeps = {
    db: app.db.kysely,
    mailer: app.mailer,
    store,
    log: app.log,
    site: { siteName: app.config.siteName, publicUrl: app.config.publicUrl },
    sessions: app.sessions,
    throttle,
  };
  const users = usersService({ ...authDeps, engine: app.db.engine });
  await app.register(authRoutes, {
    auth: authService({ ...authDeps, signToken: app.signToken }),
    users,
  });
  await app.register(accountRoutes, {
    account: accountService({
      db: app.db.kysely,
      engine: app.db.engine,
      sessions: app.sessions,
      throttle,
      siteName: app.config.siteName,
    }),
  });
  await app.register(gamesRoutes);
  await app.register(blogsRoutes);
  await app.register(toolsRoutes);
  await app.register(usersRoutes, { users });
  await app.register(notificationsRoutes);
  await app.register(analyticsRoutes);
  await app.register(walletsRoutes);
  await app.register(portfolioRoutes);
  await app.register(linksRoutes);
  await app.register(gatewayRoutes);
  await app.register(incomeRoutes('pixels', '/income-pixels'));
  await app.register(incomeRoutes('axs', '/income-axie'));
  await app.register(incomeSuggestionRoutes('pixels', '/income-pixels'));
  await app.register(incomeSuggestionRoutes('axs', '/income-axie'));
  await app.register(activityRoutes);
  await app.register(alertsRoutes);
}

/** The API under /api, and the app's table of its routes. */
export const apiPlugin = fp(
  async (app: FastifyInstance, options: Pick<ApiOptions, 'failureStore'>) => {
    const routeTable: RouteEntry[] = [];
    app.decorate('apiRouteTable', routeTable);
    await app.register(apiRoutes, { prefix: '/api', routeTable, ...options });
  },
  { name: 'api', dependencies: ['redis', 'http-cache', 'gateway', 'sessions', 'auth', 'mail'] },
);
