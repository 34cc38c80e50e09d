import type { FastifyInstance } from 'fastify';
import { authRoutes } from './modules/auth/auth.routes.js';
import type { LoginThrottle } from './modules/auth/login-throttle.js';
import type { Access } from './plugins/auth.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { blogsRoutes } from './modules/blogs/blogs.routes.js';
import { gamesRoutes } from './modules/games/games.routes.js';
import { toolsRoutes } from './modules/tools/tools.routes.js';
import { analyticsRoutes } from './modules/analytics/analytics.routes.js';
import { notificationsRoutes } from './modules/notifications/notifications.routes.js';
import { usersRoutes } from './modules/users/users.routes.js';
import { linksRoutes } from './modules/links/links.routes.js';
import { walletsRoutes } from './modules/wallets/wallets.routes.js';
import { gatewayRoutes } from './gateway/gateway.routes.js';
import { incomeRoutes } from './modules/income/income.routes.js';
import { accountRoutes } from './modules/account/account.routes.js';
import type { ResetDeps } from './modules/auth/password-reset.service.js';

export type RouteEntry = { method: string; url: string; access: Access };

export type ApiOptions = {
  throttle: LoginThrottle;
  registerPerHour: number;
  /** What sending a password reset link takes. */
  resets: ResetDeps;
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
  await app.register(authRoutes, {
    throttle: options.throttle,
    registerPerHour: options.registerPerHour,
    resets: options.resets,
  });
  await app.register(accountRoutes, { throttle: options.throttle });
  await app.register(gamesRoutes);
  await app.register(blogsRoutes);
  await app.register(toolsRoutes);
  await app.register(usersRoutes, { resets: options.resets });
  await app.register(notificationsRoutes);
  await app.register(analyticsRoutes);
  await app.register(walletsRoutes);
  await app.register(linksRoutes);
  await app.register(gatewayRoutes);
  await app.register(incomeRoutes('pixels', '/income-pixels'));
  await app.register(incomeRoutes('axs', '/income-axie'));
}
