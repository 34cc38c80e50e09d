import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TOKEN_STORAGE_KEY } from '../../../lib/auth-token';
import { callsMade, stubFetch } from '../../../test/fetch-stub';
import { renderWithProviders } from '../../../test/render-with-providers';
import { userToken } from '../../../test/tokens';
import { AccountSettings } from './account-page';

describe('change password', () => {
  afterEach(() => window.localStorage.clear());

  it('refuses the current password as the new one under the new password field, sending nothing', async () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, userToken());
    const fetchMock = stubFetch({
      status: 200,
      body: { message: 'Password changed.', token: 'x' },
    });
    const { user } = renderWithProviders(<AccountSettings />, { path: '/account' });
    await user.type(screen.getByLabelText('Current password'), 'lantern orbit 42 violet');
    await user.type(screen.getByLabelText('New password'), 'lantern orbit 42 violet');
    await user.type(screen.getByLabelText('Confirm new password'), 'lantern orbit 42 violet');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    const message = await screen.findByText(
      'The new password must differ from your current password.',
    );
    expect(message).toBeInTheDocument();
    expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(
      expect.stringContaining('must differ from your current password'),
    );
    expect(callsMade(fetchMock)).not.toContain('POST /api/account/password');
  });

  it('shows the server’s feedback on a guessable password as the field message', async () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, userToken());
    const feedback =
      'This is similar to a commonly used password. Add more words that are less common.';
    stubFetch({ status: 400, body: { message: feedback, errors: { new_password: feedback } } });
    const { user } = renderWithProviders(<AccountSettings />, { path: '/account' });
    await user.type(screen.getByLabelText('Current password'), 'lantern orbit 42 violet');
    await user.type(screen.getByLabelText('New password'), 'Passw0rd!x');
    await user.type(screen.getByLabelText('Confirm new password'), 'Passw0rd!x');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(feedback)).toBeInTheDocument();
    expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(
      expect.stringContaining(feedback),
    );
  });
});
