import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TOKEN_STORAGE_KEY } from '../../../lib/auth-token';
import { renderWithProviders } from '../../../test/render-with-providers';
import { LONG_EMAIL, readableInFull, shownWhole } from '../../../test/readable';
import { makeToken, userToken } from '../../../test/tokens';
import { ProfileMenu } from './profile-menu';

function signInAs(token: string) {
  window.localStorage.setItem(TOKEN_STORAGE_KEY, token);
}

describe('ProfileMenu', () => {
  it('shows the email before the @, and the full email and role once opened', async () => {
    signInAs(userToken());
    const { user } = renderWithProviders(<ProfileMenu />, { path: '/games' });
    const trigger = screen.getByRole('button', { name: /Account menu for player\.one/ });
    expect(trigger).toHaveTextContent('player.one');
    expect(screen.queryByText('player.one@example.com')).not.toBeInTheDocument();

    await user.click(trigger);
    const menu = await screen.findByRole('menu');
    expect(menu).toHaveTextContent('player.one@example.com');
    expect(menu).toHaveTextContent('user');
    expect(screen.getByRole('menuitem', { name: 'Dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    expect(screen.getByRole('menuitem', { name: 'Account' })).toHaveAttribute('href', '/account');
    expect(screen.getByRole('menuitem', { name: 'Activity' })).toHaveAttribute('href', '/activity');
    expect(screen.getByRole('menuitem', { name: 'Price alerts' })).toHaveAttribute(
      'href',
      '/alerts',
    );
  });

  it('lets a long email be read in full: the name in a tooltip, the address wrapped', async () => {
    signInAs(userToken({ email: LONG_EMAIL }));
    const { user } = renderWithProviders(<ProfileMenu />);
    const localPart = LONG_EMAIL.split('@')[0] ?? '';
    const trigger = screen.getByRole('button', { name: /Account menu/ });
    expect(readableInFull(within(trigger).getByText(localPart))).toBe(true);
    await user.click(trigger);
    const menu = within(await screen.findByRole('menu'));
    expect(shownWhole(menu.getByText(LONG_EMAIL))).toBe(true);
  });

  it('falls back to Guest and User when the token names neither', async () => {
    signInAs(makeToken({ id: 9, exp: Math.floor(Date.now() / 1000) + 600 }));
    const { user } = renderWithProviders(<ProfileMenu />);
    await user.click(screen.getByRole('button', { name: /Account menu for Guest/ }));
    const menu = await screen.findByRole('menu');
    expect(menu).toHaveTextContent('Guest');
    expect(menu).toHaveTextContent('User');
  });

  it('closes on Escape', async () => {
    signInAs(userToken());
    const { user } = renderWithProviders(<ProfileMenu />);
    await user.click(screen.getByRole('button', { name: /Account menu/ }));
    expect(await screen.findByRole('menu')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('shows the unread count only when there is one', () => {
    signInAs(userToken());
    renderWithProviders(<ProfileMenu unreadNotifications={3} />);
    expect(
      screen.getByRole('button', { name: 'Account menu for player.one, 3 unread notifications' }),
    ).toHaveTextContent('3');
  });

  it('logs out and lands on the home page', async () => {
    signInAs(userToken());
    const { router, user } = renderWithProviders(<ProfileMenu />, { path: '/games' });
    await user.click(screen.getByRole('button', { name: /Account menu/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Logout' }));

    await vi.waitFor(() => expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull());
    expect(router.state.location.pathname).toBe('/');
  });
});
