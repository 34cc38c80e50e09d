import { render, screen } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { describe, expect, it } from 'vitest';
import { AuthContext, type AuthContextValue } from '../lib/auth';
import { renderApp } from '../test/render-app';
import { adminToken, userToken } from '../test/tokens';
import { RequireAdmin } from './route-guards';

describe('admin route guard', () => {
  it('shows Loading... while the session is being checked', () => {
    const checking: AuthContextValue = {
      token: null,
      userId: null,
      user: null,
      isLoggedIn: false,
      isAdmin: false,
      isAuthenticating: true,
      login: () => false,
      logout: () => {},
    };
    const router = createMemoryRouter(
      [{ path: '/admin', Component: RequireAdmin, children: [{ index: true, element: 'Shell' }] }],
      { initialEntries: ['/admin'] },
    );
    render(
      <AuthContext value={checking}>
        <RouterProvider router={router} />
      </AuthContext>,
    );
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(screen.queryByText('Shell')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin');
  });

  it('sends a guest to sign in, remembering the page', async () => {
    const { router } = renderApp('/admin/users');
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('?next=/admin/users');
  });

  it('sends a signed-in non-admin to /unauthorized', async () => {
    const { router } = renderApp('/admin', { token: userToken() });
    expect(await screen.findByRole('heading', { name: 'Akses Ditolak!!!' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/unauthorized');
  });

  it('lets an admin into the admin shell', async () => {
    renderApp('/admin', { token: adminToken() });
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Notifications' })).toHaveAttribute(
      'href',
      '/admin/notifications',
    );
    expect(screen.getByText('© 2025 Admin Dashboard')).toBeInTheDocument();
  });
});

describe('admin shell', () => {
  it.each([
    ['/admin/dashboard', 'Dashboard'],
    ['/admin/users', 'Manage Users'],
    ['/admin/blogs', 'Manage Blogs'],
    ['/admin/games', 'Manage Games'],
    ['/admin/tools', 'Manage Tools'],
    ['/admin/notifications', 'Kelola Notifikasi'],
    ['/admin/nothing-here', '404 - Page Not Found'],
  ])('shows %s as "%s"', async (path, heading) => {
    renderApp(path, { token: adminToken() });
    expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
    expect(screen.getByRole('complementary', { name: 'Admin' })).toBeInTheDocument();
  });

  it('folds the sidebar down and back', async () => {
    const { user } = renderApp('/admin', { token: adminToken() });
    const collapse = await screen.findByRole('button', { name: 'Collapse sidebar' });
    expect(collapse).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('complementary', { name: 'Admin' })).toHaveClass('w-64');

    await user.click(collapse);
    expect(screen.getByRole('button', { name: 'Expand sidebar' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    expect(screen.getByRole('complementary', { name: 'Admin' })).toHaveClass('w-20');
    // Folded links keep their names for assistive technology.
    expect(screen.getByRole('link', { name: 'Users' })).toHaveAttribute('href', '/admin/users');
  });
});

describe('user dashboard guard', () => {
  it('sends a guest to /login?next=/dashboard', async () => {
    const { router } = renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
      '/login?next=/dashboard',
    );
  });

  it('shows a signed-in user their account', async () => {
    renderApp('/dashboard', { token: userToken() });
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByText('playerone')).toBeInTheDocument();
    expect(screen.getByText('player.one@example.com')).toBeInTheDocument();
    expect(screen.getByText('user')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Notifikasi' })).toBeInTheDocument();
  });
});

describe('logging out from a page that needs a session', () => {
  it('lands on the home page rather than on sign-in', async () => {
    const { router, user } = renderApp('/dashboard', { token: userToken() });
    await user.click(await screen.findByRole('button', { name: /Account menu/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Logout' }));

    expect(
      await screen.findByRole('heading', { name: 'Level Up Your Gaming Experience with Web3' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
  });

  it('lands on the home page when its code has already been loaded', async () => {
    const { router, user } = renderApp('/', { token: userToken() });
    await screen.findByRole('heading', { name: 'Level Up Your Gaming Experience with Web3' });
    await router.navigate('/dashboard');
    await user.click(await screen.findByRole('button', { name: /Account menu/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Logout' }));

    expect(
      await screen.findByRole('heading', { name: 'Level Up Your Gaming Experience with Web3' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('leaves the admin area for the home page', async () => {
    const { router, user } = renderApp('/admin/users', { token: adminToken() });
    await user.click(await screen.findByRole('button', { name: 'Logout' }));

    expect(
      await screen.findByRole('heading', { name: 'Level Up Your Gaming Experience with Web3' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });
});
