import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../test/fetch-stub';
import { renderApp } from '../../test/render-app';
import { userToken } from '../../test/tokens';

describe('/login page', () => {
  it('returns to the requested page after signing in', async () => {
    stubFetch({ status: 200, body: { token: userToken() } });
    const { router, user } = renderApp('/login?next=/dashboard');
    await user.type(await screen.findByLabelText('Email'), 'player.one@example.com');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('ignores a next address on another site', async () => {
    stubFetch({ status: 200, body: { token: userToken() } });
    const { router, user } = renderApp('/login?next=//evil.example/steal');
    await user.type(await screen.findByLabelText('Email'), 'player.one@example.com');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(
      await screen.findByRole('heading', { name: 'Level Up Your Gaming Experience with Web3' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('sends a visitor who is already signed in home', async () => {
    const { router } = renderApp('/login', { token: userToken() });
    expect(
      await screen.findByRole('heading', { name: 'Level Up Your Gaming Experience with Web3' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('links to the registration page', async () => {
    renderApp('/login');
    expect(await screen.findByRole('link', { name: 'Sign Up' })).toHaveAttribute(
      'href',
      '/register',
    );
  });
});
