import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../test/fetch-stub';
import { renderApp } from '../../test/render-app';

describe('/register page', () => {
  it('moves on to /login after the success toast', async () => {
    stubFetch({
      status: 201,
      body: { id: 3, username: 'playerone', email: 'player.one@example.com', role: 'user' },
    });
    const { router, user } = renderApp('/register');
    await user.type(await screen.findByLabelText('Username'), 'playerone');
    await user.type(screen.getByLabelText('Email'), 'player.one@example.com');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.type(screen.getByLabelText('Confirm Password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    expect(await screen.findByText('Registration successful! Please login.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  async function registerAt(path: string) {
    stubFetch({
      status: 201,
      body: { id: 3, username: 'playerone', email: 'player.one@example.com', role: 'user' },
    });
    const { router, user } = renderApp(path);
    await user.type(await screen.findByLabelText('Username'), 'playerone');
    await user.type(screen.getByLabelText('Email'), 'player.one@example.com');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.type(screen.getByLabelText('Confirm Password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    return router;
  }

  it('keeps ?next= on the way to /login, so signing in lands there', async () => {
    const router = await registerAt('/register?next=/tools/wallet');
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('?next=/tools/wallet');
  });

  it('drops a ?next= that leaves the site', async () => {
    const router = await registerAt('/register?next=//evil.example/steal');
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('');
  });

  it('keeps ?next= on its link to Sign In, and the sign-in page on its link to Sign Up', async () => {
    const { user } = renderApp('/register?next=/tools/link');
    const signIn = await screen.findByRole('link', { name: 'Sign In' });
    expect(signIn).toHaveAttribute('href', '/login?next=/tools/link');
    await user.click(signIn);
    expect(await screen.findByRole('link', { name: 'Sign Up' })).toHaveAttribute(
      'href',
      '/register?next=/tools/link',
    );
  });
});
