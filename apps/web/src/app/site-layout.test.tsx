import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TOKEN_STORAGE_KEY } from '../lib/auth-token';
import { stubFetch } from '../test/fetch-stub';
import { renderApp } from '../test/render-app';
import { userToken } from '../test/tokens';

describe('site header and footer', () => {
  it('frame the public pages', async () => {
    renderApp('/');
    expect(
      await screen.findByRole('heading', { name: 'Level Up Your Gaming Experience with Web3' }),
    ).toBeInTheDocument();
    const nav = within(screen.getByRole('navigation', { name: 'Main' }));
    for (const [name, href] of [
      ['Home', '/'],
      ['Games', '/games'],
      ['Tools', '/tools'],
      ['Blog', '/blogs'],
      ['About', '/about'],
    ] as const) {
      expect(nav.getByRole('link', { name })).toHaveAttribute('href', href);
    }
    const footer = within(screen.getByRole('contentinfo'));
    expect(footer.getByText(`© ${new Date().getFullYear()} NexusPlay`)).toBeInTheDocument();
    const twitter = footer.getByRole('link', { name: /Twitter/ });
    expect(twitter).toHaveAttribute('href', 'https://twitter.com');
    expect(twitter).toHaveAttribute('target', '_blank');
    expect(twitter).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it.each(['/login', '/register'])('are hidden on %s', async (path) => {
    renderApp(path);
    expect(await screen.findByRole('button', { name: /Sign (In|Up)/ })).toBeInTheDocument();
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
  });

  it('are hidden in the admin area', async () => {
    renderApp('/admin/users', { token: userToken({ role: 'admin' }) });
    expect(await screen.findByRole('heading', { name: 'Manage Users' })).toBeInTheDocument();
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
  });

  it('show the profile menu instead of the sign-in buttons when signed in', async () => {
    renderApp('/', { token: userToken() });
    const header = within(await screen.findByRole('banner'));
    expect(
      await header.findByRole('button', { name: /Account menu for player\.one/ }),
    ).toBeInTheDocument();
    expect(header.queryByRole('button', { name: 'Sign In' })).not.toBeInTheDocument();
  });

  it('reads the product name from the page meta tag', async () => {
    const meta = document.createElement('meta');
    meta.name = 'application-name';
    meta.content = 'Arcadia';
    document.head.append(meta);
    try {
      renderApp('/about');
      expect(await screen.findByText(`© ${new Date().getFullYear()} Arcadia`)).toBeInTheDocument();
    } finally {
      meta.remove();
    }
  });
});

describe('sign-in and sign-up modals', () => {
  it('open from the header, switch between each other and are never open together', async () => {
    const { user } = renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Sign In' }));
    const login = await screen.findByRole('dialog', { name: 'Sign In' });
    await vi.waitFor(() => expect(within(login).getByLabelText('Email')).toHaveFocus());

    await user.click(within(login).getByRole('button', { name: 'Sign Up' }));
    const register = screen.getByRole('dialog', { name: 'Sign Up' });
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    await vi.waitFor(() => expect(within(register).getByLabelText('Username')).toHaveFocus());

    await user.click(within(register).getByRole('button', { name: 'Sign In' }));
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    expect(screen.getByRole('dialog', { name: 'Sign In' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('close with Escape', async () => {
    const { user } = renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByRole('dialog', { name: 'Sign Up' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('close the sign-in modal once signed in', async () => {
    const token = userToken();
    stubFetch({ status: 200, body: { token } });
    const { user } = renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Sign In' }));
    const login = within(await screen.findByRole('dialog', { name: 'Sign In' }));
    await user.type(login.getByLabelText('Email'), 'player.one@example.com');
    await user.type(login.getByLabelText('Password'), 'correct horse');
    await user.click(login.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByRole('button', { name: /Account menu/ })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBe(token);
  });

  it('close the sign-up modal after success without opening the sign-in modal', async () => {
    stubFetch({
      status: 201,
      body: { id: 3, username: 'playerone', email: 'player.one@example.com', role: 'user' },
    });
    const { user } = renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Sign Up' }));
    const register = within(await screen.findByRole('dialog', { name: 'Sign Up' }));
    await user.type(register.getByLabelText('Username'), 'playerone');
    await user.type(register.getByLabelText('Email'), 'player.one@example.com');
    await user.type(register.getByLabelText('Password'), 'correct horse');
    await user.type(register.getByLabelText('Confirm Password'), 'correct horse');
    await user.click(register.getByRole('button', { name: 'Sign Up' }));

    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Registration successful! Please login.')).toBeInTheDocument();
  });
});

describe('mobile drawer', () => {
  it('opens from the menu button, lists the links and closes with its close button', async () => {
    const { user } = renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Open menu' }));
    const drawer = within(await screen.findByRole('dialog', { name: 'Menu' }));
    expect(drawer.getByRole('link', { name: 'Games' })).toHaveAttribute('href', '/games');
    expect(drawer.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(drawer.getByRole('button', { name: 'Sign Up' })).toBeInTheDocument();

    await user.click(drawer.getByRole('button', { name: 'Close menu' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveFocus();
  });

  it('hands over to the sign-in modal', async () => {
    const { user } = renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Open menu' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Menu' })).getByRole('button', {
        name: 'Sign In',
      }),
    );
    const login = await screen.findByRole('dialog', { name: 'Sign In' });
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    await vi.waitFor(() => expect(within(login).getByLabelText('Email')).toHaveFocus());
  });
});

describe('pages', () => {
  it('answer unknown paths with the 404 page and a way home', async () => {
    renderApp('/no/such/page');
    expect(
      await screen.findByRole('heading', { name: '404 - Page Not Found' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  });

  it('explain a refused access with a link home', async () => {
    renderApp('/unauthorized');
    expect(await screen.findByRole('heading', { name: 'Akses Ditolak!!!' })).toBeInTheDocument();
    expect(
      screen.getByText('Anda tidak memiliki izin untuk mengakses halaman ini.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Kembali ke Beranda' })).toHaveAttribute('href', '/');
  });

  it('present the three reasons on the About page', async () => {
    renderApp('/about');
    expect(await screen.findByRole('heading', { name: 'Our Mission' })).toBeInTheDocument();
    for (const reason of ['Cutting-Edge Tools', 'Comprehensive Insights', 'Community-Centric']) {
      expect(screen.getByRole('heading', { name: reason })).toBeInTheDocument();
    }
  });
});
