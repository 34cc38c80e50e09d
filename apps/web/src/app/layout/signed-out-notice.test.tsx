import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TOKEN_STORAGE_KEY } from '../../lib/auth-token';
import { stubApi } from '../../test/fetch-stub';
import { renderApp } from '../../test/render-app';
import { userToken } from '../../test/tokens';

const EVERYWHERE =
  'You were signed out because someone chose "Sign out everywhere" for this account. Please sign in again.';

describe('signed out by the server', () => {
  it('says why once, on the page the visitor lands on, until closed', async () => {
    // Every call the page makes is refused, as a token of sessions ended elsewhere is.
    stubApi(() => ({ status: 401, body: { message: EVERYWHERE } }));
    const { router, user } = renderApp('/dashboard', { token: userToken() });

    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent(EVERYWHERE);
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    // Several requests were refused together; the reason is still said once.
    expect(screen.getAllByText(EVERYWHERE)).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText(EVERYWHERE)).not.toBeInTheDocument();
  });
});
