import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TOKEN_STORAGE_KEY } from '../../../lib/auth-token';
import { callsMade, sentBody, stubApi, stubFetch } from '../../../test/fetch-stub';
import { renderWithProviders } from '../../../test/render-with-providers';
import { LONG_EMAIL, shownWhole } from '../../../test/readable';
import { userToken } from '../../../test/tokens';
import { AccountSettings } from './account-page';

const storedToken = () => window.localStorage.getItem(TOKEN_STORAGE_KEY);

describe('the account page', () => {
  afterEach(() => window.localStorage.clear());

  it('shows the username, email and role', () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, userToken());
    renderWithProviders(<AccountSettings />, { path: '/account' });
    const summary = screen.getByRole('region', { name: 'Account' });
    expect(summary).toHaveTextContent('playerone');
    expect(summary).toHaveTextContent('player.one@example.com');
    expect(summary).toHaveTextContent('user');
  });

  it('shows a long email whole, wrapped rather than cut short', () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, userToken({ email: LONG_EMAIL }));
    renderWithProviders(<AccountSettings />, { path: '/account' });
    const summary = within(screen.getByRole('region', { name: 'Account' }));
    expect(shownWhole(summary.getByText(LONG_EMAIL))).toBe(true);
  });

  it('changes the password and carries on with the fresh token the server gives', async () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, userToken());
    const fresh = userToken({ jti: 'fresh' });
    const fetchMock = stubFetch({
      status: 200,
      body: { message: 'Password changed.', token: fresh },
    });
    const { user } = renderWithProviders(<AccountSettings />, { path: '/account' });
    await user.type(screen.getByLabelText('Current password'), 'correct horse');
    await user.type(screen.getByLabelText('New password'), 'a brand new passphrase');
    await user.type(screen.getByLabelText('Confirm new password'), 'a brand new passphrase');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(/Password changed\./)).toBeInTheDocument();
    expect(callsMade(fetchMock)).toContain('POST /api/account/password');
    expect(sentBody(fetchMock, callsMade(fetchMock).indexOf('POST /api/account/password'))).toEqual(
      {
        current_password: 'correct horse',
        new_password: 'a brand new passphrase',
        confirm_password: 'a brand new passphrase',
      },
    );
    expect(storedToken()).toBe(fresh);
    expect(screen.getByLabelText('Current password')).toHaveValue('');
  });

  it("checks the confirmation itself and shows the server's field messages under their fields", async () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, userToken());
    const fetchMock = stubFetch({
      status: 400,
      body: {
        message: 'Password is too common or easy to guess. Please choose another.',
        errors: { new_password: 'Password is too common or easy to guess. Please choose another.' },
      },
    });
    const { user } = renderWithProviders(<AccountSettings />, { path: '/account' });
    await user.type(screen.getByLabelText('Current password'), 'correct horse');
    await user.type(screen.getByLabelText('New password'), 'password123');
    await user.type(screen.getByLabelText('Confirm new password'), 'password124');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Passwords do not match.')).toBeInTheDocument();
    expect(callsMade(fetchMock)).not.toContain('POST /api/account/password');

    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.type(screen.getByLabelText('Confirm new password'), 'password123');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(/too common/)).toBeInTheDocument();
    expect(screen.getByLabelText('New password')).toHaveAttribute('aria-invalid', 'true');
  });

  it('says why a download of the data is refused (429), in the server’s words', async () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, userToken());
    const message =
      'Your previous download is still being prepared. Try again when it has finished.';
    const fetchMock = stubFetch({ status: 429, body: { message } });
    const { user } = renderWithProviders(<AccountSettings />, { path: '/account' });
    await user.click(screen.getByRole('button', { name: 'Download my data' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(callsMade(fetchMock)).toEqual(['GET /api/account/export']);
  });

  it('signs out everywhere after asking, and forgets this session', async () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, userToken());
    const fetchMock = stubFetch({ status: 200, body: { message: 'Signed out everywhere.' } });
    const { user, router } = renderWithProviders(<AccountSettings />, { path: '/account' });
    await user.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Sign out everywhere' }));
    await expect.poll(() => storedToken()).toBeNull();
    expect(router.state.location.pathname).toBe('/');
    expect(callsMade(fetchMock)).toEqual(['POST /api/account/logout-all']);
  });

  it('deletes the account only with the password and the username typed, then leaves signed out', async () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, userToken());
    const fetchMock = stubApi((call) =>
      call.method === 'DELETE' && call.url.pathname === '/api/account'
        ? { status: 200, body: { message: 'Your account has been deleted.' } }
        : undefined,
    );
    const { user, router } = renderWithProviders(<AccountSettings />, { path: '/account' });
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete my account' });
    await user.type(within(dialog).getByLabelText('Password'), 'correct horse');
    await user.type(within(dialog).getByLabelText('Type playerone to confirm'), 'playeron');
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Type playerone to confirm'), 'e');
    expect(confirm).toBeEnabled();
    await user.click(confirm);
    await expect.poll(() => storedToken()).toBeNull();
    expect(router.state.location.pathname).toBe('/');
    expect(callsMade(fetchMock)).toEqual(['DELETE /api/account']);
    expect(sentBody(fetchMock)).toEqual({ password: 'correct horse', confirmation: 'playerone' });
  });

  it('shows why a deletion was refused (a wrong password, the last admin) and keeps the session', async () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, userToken());
    stubFetch({
      status: 409,
      body: { message: 'The last administrator cannot be removed or made a user.' },
    });
    const { user } = renderWithProviders(<AccountSettings />, { path: '/account' });
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    await user.type(within(dialog).getByLabelText('Password'), 'correct horse');
    await user.type(within(dialog).getByLabelText('Type playerone to confirm'), 'playerone');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('last administrator');
    expect(storedToken()).not.toBeNull();
  });
});
