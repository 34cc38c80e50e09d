import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FORGOT_PASSWORD_ANSWER, RESET_TOKEN_REFUSED } from '@nexusplay/contract/account';
import { callsMade, sentBody, stubApi, stubFetch } from '../../../test/fetch-stub';
import { renderApp } from '../../../test/render-app';

const TOKEN = 'A'.repeat(43);
const USABLE = { status: 200, body: { usable: true } };

describe('forgot and reset password pages', () => {
  it('leads from /login to /forgot-password, and answers with the server’s one message', async () => {
    const fetchMock = stubFetch({ status: 202, body: { message: FORGOT_PASSWORD_ANSWER } });
    const { user, router } = renderApp('/login');
    await user.click(await screen.findByRole('link', { name: 'Forgot password?' }));
    await screen.findByRole('heading', { name: 'Forgot Password' });
    expect(router.state.location.pathname).toBe('/forgot-password');
    await user.type(screen.getByLabelText('Email'), 'Player.One@Example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(FORGOT_PASSWORD_ANSWER);
    expect(callsMade(fetchMock)).toEqual(['POST /api/password/forgot']);
    expect(sentBody(fetchMock)).toEqual({ email: 'player.one@example.com' });
  });

  it('sets the new password with the link’s token and sends the visitor to sign in', async () => {
    const fetchMock = stubFetch(USABLE, {
      status: 200,
      body: { message: 'Your password has been set.' },
    });
    const { user, router } = renderApp(`/reset-password?token=${TOKEN}`);
    await user.type(await screen.findByLabelText('New password'), 'a brand new passphrase');
    await user.type(screen.getByLabelText('Confirm new password'), 'a brand new passphrase');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(
      await screen.findByText('Your password has been set. Please sign in with it.'),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(callsMade(fetchMock)).toEqual([
      'POST /api/password/reset/check',
      'POST /api/password/reset',
    ]);
    expect(sentBody(fetchMock, 1)).toEqual({
      token: TOKEN,
      new_password: 'a brand new passphrase',
      confirm_password: 'a brand new passphrase',
    });
  });

  it('says so when the server refuses the link', async () => {
    const refused = 'This reset link is invalid or has expired. Please request a new one.';
    // Usable when the page opened, used up (elsewhere) by the time the form was sent.
    stubFetch(USABLE, { status: 400, body: { message: refused, errors: { token: refused } } });
    const { user } = renderApp(`/reset-password?token=${TOKEN}`);
    await user.type(await screen.findByLabelText('New password'), 'a brand new passphrase');
    await user.type(screen.getByLabelText('Confirm new password'), 'a brand new passphrase');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(refused);
    expect(screen.getByRole('link', { name: 'Ask for a new one' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });

  it('says at once, before any password is typed, that a used or expired link cannot be used', async () => {
    const fetchMock = stubApi(({ url }) =>
      url.pathname === '/api/password/reset/check'
        ? { status: 200, body: { usable: false } }
        : undefined,
    );
    renderApp(`/reset-password?token=${TOKEN}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(RESET_TOKEN_REFUSED);
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ask for a new one' })).toBeInTheDocument();
    expect(callsMade(fetchMock)).toEqual(['POST /api/password/reset/check']);
    expect(sentBody(fetchMock)).toEqual({ token: TOKEN });
  });

  it('offers the form for a usable link', async () => {
    stubApi(({ url }) =>
      url.pathname === '/api/password/reset/check'
        ? { status: 200, body: { usable: true } }
        : undefined,
    );
    renderApp(`/reset-password?token=${TOKEN}`);
    expect(await screen.findByLabelText('New password')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says a link whose token cannot be one is unusable, without asking the server', async () => {
    const fetchMock = stubFetch();
    renderApp('/reset-password?token=cut-short');
    expect(await screen.findByRole('alert')).toHaveTextContent(RESET_TOKEN_REFUSED);
    expect(callsMade(fetchMock)).toEqual([]);
  });

  it('refuses a link without a token before sending anything', async () => {
    const fetchMock = stubFetch();
    renderApp('/reset-password');
    expect(await screen.findByRole('alert')).toHaveTextContent('no reset token');
    expect(callsMade(fetchMock)).toEqual([]);
  });
});
