import type { RouteObject } from 'react-router';
import { SiteLayout } from './layout/site-layout';
import { AppLoading, RootLayout } from './layout/root-layout';
import { RouteError } from './layout/route-error';
import { RequireAdmin, RequireUser } from './route-guards';

/**
 * Every screen is loaded on demand, so the public pages never carry the code of the tools or the
 * admin area. Only the layouts and guards, which every visit needs, ship in the entry chunk.
 */
export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    HydrateFallback: AppLoading,
    ErrorBoundary: RouteError,
    children: [
      {
        Component: SiteLayout,
        children: [
          {
            index: true,
            lazy: async () => ({ Component: (await import('./routes/home')).HomePage }),
          },
          {
            path: 'games',
            lazy: async () => ({ Component: (await import('./routes/games')).GamesPage }),
          },
          {
            path: 'blogs',
            lazy: async () => ({ Component: (await import('./routes/blogs')).BlogsPage }),
          },
          {
            path: 'blogs/:id',
            lazy: async () => ({
              Component: (await import('./routes/blog-detail')).BlogDetailPage,
            }),
          },
          {
            path: 'about',
            lazy: async () => ({ Component: (await import('./routes/about')).AboutPage }),
          },
          {
            path: 'tools',
            lazy: async () => ({ Component: (await import('./routes/tools')).ToolsPage }),
          },
          {
            path: 'tools/incomeaxie',
            lazy: async () => ({
              Component: (await import('./routes/tools/income-axie')).IncomeAxiePage,
            }),
          },
          {
            path: 'tools/incomepixels',
            lazy: async () => ({
              Component: (await import('./routes/tools/income-pixels')).IncomePixelsPage,
            }),
          },
          {
            path: 'tools/wallet',
            Component: RequireUser,
            children: [
              {
                index: true,
                lazy: async () => ({
                  Component: (await import('./routes/tools/wallet-tracker')).WalletTrackerPage,
                }),
              },
            ],
          },
          {
            path: 'tools/link',
            Component: RequireUser,
            children: [
              {
                index: true,
                lazy: async () => ({
                  Component: (await import('./routes/tools/link-manager')).LinkManagerPage,
                }),
              },
            ],
          },
          {
            path: 'tools/market',
            lazy: async () => ({
              Component: (await import('./routes/tools/market-pixels')).MarketPixelsPage,
            }),
          },
          {
            path: 'dashboard',
            Component: RequireUser,
            children: [
              {
                index: true,
                lazy: async () => ({
                  Component: (await import('./routes/dashboard')).DashboardPage,
                }),
              },
            ],
          },
          {
            path: 'unauthorized',
            lazy: async () => ({
              Component: (await import('./routes/unauthorized')).UnauthorizedPage,
            }),
          },
          {
            path: '*',
            lazy: async () => ({ Component: (await import('./routes/not-found')).NotFoundPage }),
          },
        ],
      },
      {
        path: 'login',
        lazy: async () => ({ Component: (await import('./routes/login')).LoginPage }),
      },
      {
        path: 'register',
        lazy: async () => ({ Component: (await import('./routes/register')).RegisterPage }),
      },
      {
        path: 'admin',
        Component: RequireAdmin,
        children: [
          {
            lazy: async () => ({
              Component: (await import('./routes/admin/admin-layout')).AdminLayout,
            }),
            children: [
              {
                index: true,
                lazy: async () => ({
                  Component: (await import('./routes/admin/admin-dashboard')).AdminDashboardPage,
                }),
              },
              {
                path: 'dashboard',
                lazy: async () => ({
                  Component: (await import('./routes/admin/admin-dashboard')).AdminDashboardPage,
                }),
              },
              {
                path: 'users',
                lazy: async () => ({
                  Component: (await import('./routes/admin/manage-users')).ManageUsersPage,
                }),
              },
              {
                path: 'blogs',
                lazy: async () => ({
                  Component: (await import('./routes/admin/manage-blogs')).ManageBlogsPage,
                }),
              },
              {
                path: 'games',
                lazy: async () => ({
                  Component: (await import('./routes/admin/manage-games')).ManageGamesPage,
                }),
              },
              {
                path: 'tools',
                lazy: async () => ({
                  Component: (await import('./routes/admin/manage-tools')).ManageToolsPage,
                }),
              },
              {
                path: 'notifications',
                lazy: async () => ({
                  Component: (await import('./routes/admin/manage-notifications'))
                    .ManageNotificationsPage,
                }),
              },
              {
                path: '*',
                lazy: async () => ({
                  Component: (await import('./routes/admin/admin-not-found')).AdminNotFoundPage,
                }),
              },
            ],
          },
        ],
      },
    ],
  },
];
