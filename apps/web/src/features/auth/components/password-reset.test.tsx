import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FORGOT_PASSWORD_ANSWER } from '@nexusplay/contract/account';
import { callsMade, sentBody, stubFetch } from '../../../test/fetch-stub';
import { renderApp } from '../../../test/render-app';

const TOKEN = 'A'.repeat(43);

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
    const fetchMock = stubFetch({ status: 200, body: { message: 'Your password has been set.' } });
    const { user, router } = renderApp(`/reset-password?token=${TOKEN}`);
    await user.type(await screen.findByLabelText('New password'), 'a brand new passphrase');
    await user.type(screen.getByLabelText('Confirm new password'), 'a brand new passphrase');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(
      await screen.findByText('Your password has been set. Please sign in with it.'),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(sentBody(fetchMock)).toEqual({
      token: TOKEN,
      new_password: 'a brand new passphrase',
      confirm_password: 'a brand new passphrase',
    });
  });

  it('says so when the server refuses the link', async () => {
    const refused = 'This reset link is invalid or has expired. Please request a new one.';
    stubFetch({ status: 400, body: { message: refused, errors: { token: refused } } });
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

  it('refuses a link without a token before sending anything', async () => {
    const fetchMock = stubFetch();
    renderApp('/reset-password');
    expect(await screen.findByRole('alert')).toHaveTextContent('no reset token');
    expect(callsMade(fetchMock)).toEqual([]);
  });
});
