import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import {
  BLOGS_PAGE_SIZE,
  blogIdFrom,
  blogQuery,
  blogsBrowseQuery,
  SIDEBAR_PAGE_SIZE,
} from '../features/blogs/api/get-blogs';
import { gamesBrowseQuery } from '../features/games/api/get-games';
import { toolsPageQuery } from '../features/tools/api/get-tools';
import { SiteLayout } from './layout/site-layout';
import { AppLoading, RootLayout } from './layout/root-layout';
import { RouteError } from './layout/route-error';
import { pageModules } from './page-modules';
import { RequireAdmin, RequireUser } from './route-guards';
import { HomePage } from './routes/home';

/**
 * A loader only starts a first load: what is cached already is left to the page, which refreshes
 * it as it always does.
 */
const FIRST_LOAD_ONLY = Infinity;

/**
 * Every screen but the home page is loaded on demand, so the public pages never carry the code of
 * the tools or the admin area. The layouts and guards, which every visit needs, ship in the entry
 * chunk, and so does the home page: it is where most visits start, and shipped with the entry it
 * is drawn without waiting for a second download. It shares most of its code with the games and
 * blog pages anyway.
 *
 * The public lists' loaders start the page's first queries while its code is still on the way;
 * they return at once, and the page's own queries pick up the requests in flight.
 */
export function createRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      Component: RootLayout,
      HydrateFallback: AppLoading,
      ErrorBoundary: RouteError,
      children: [
        {
          Component: SiteLayout,
          children: [
            { index: true, Component: HomePage },
            {
              path: 'games',
              loader: () => {
                void queryClient.prefetchInfiniteQuery({
                  ...gamesBrowseQuery(''),
                  staleTime: FIRST_LOAD_ONLY,
                });
                return null;
              },
              lazy: async () => ({ Component: (await pageModules['/games']()).GamesPage }),
            },
            {
              path: 'blogs',
              loader: () => {
                void queryClient.prefetchInfiniteQuery({
                  ...blogsBrowseQuery('', BLOGS_PAGE_SIZE),
                  staleTime: FIRST_LOAD_ONLY,
                });
                return null;
              },
              lazy: async () => ({ Component: (await pageModules['/blogs']()).BlogsPage }),
            },
            {
              path: 'blogs/:id',
              loader: ({ params }) => {
                const id = blogIdFrom(params.id);
                if (id !== undefined)
                  void queryClient.prefetchQuery({ ...blogQuery(id), staleTime: FIRST_LOAD_ONLY });
                void queryClient.prefetchInfiniteQuery({
                  ...blogsBrowseQuery('', SIDEBAR_PAGE_SIZE),
                  staleTime: FIRST_LOAD_ONLY,
                });
                return null;
              },
              lazy: async () => ({
                Component: (await pageModules['/blogs/:id']()).BlogDetailPage,
              }),
            },
            {
              path: 'about',
              lazy: async () => ({ Component: (await import('./routes/about')).AboutPage }),
            },
            {
              path: 'tools',
              loader: () => {
                void queryClient.prefetchQuery({ ...toolsPageQuery(), staleTime: FIRST_LOAD_ONLY });
                return null;
              },
              lazy: async () => ({ Component: (await pageModules['/tools']()).ToolsPage }),
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
              path: 'activity',
              Component: RequireUser,
              children: [
                {
                  index: true,
                  lazy: async () => ({
                    Component: (await import('./routes/activity')).ActivityPage,
                  }),
                },
              ],
            },
            {
              path: 'alerts',
              Component: RequireUser,
              children: [
                {
                  index: true,
                  lazy: async () => ({
                    Component: (await import('./routes/alerts')).AlertsPage,
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
              path: 'account',
              Component: RequireUser,
              children: [
                {
                  index: true,
                  lazy: async () => ({
                    Component: (await import('./routes/account')).AccountPage,
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
          path: 'forgot-password',
          lazy: async () => ({
            Component: (await import('./routes/forgot-password')).ForgotPasswordPage,
          }),
        },
        {
          path: 'reset-password',
          lazy: async () => ({
            Component: (await import('./routes/reset-password')).ResetPasswordPage,
          }),
        },
        {
          path: 'admin',
          Component: RequireAdmin,
          children: [
            {
              lazy: async () => ({
                Component: (await import('./layout/admin-layout')).AdminLayout,
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
}
