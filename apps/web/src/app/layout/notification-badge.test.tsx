import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { callsMade, stubApi } from '../../test/fetch-stub';
import { renderApp } from '../../test/render-app';
import { userToken } from '../../test/tokens';

function notification(id: number, read: boolean, kind = 'broadcast') {
  return {
    id,
    kind,
    title: `Judul ${id}`,
    message: 'Pesan.',
    read,
    created_at: '2025-03-05T08:00:00Z',
  };
}

function stubNotifications(reply: { status: number; body: unknown }) {
  return stubApi(({ method, url }) =>
    method === 'GET' && url.pathname === '/api/notifications' ? reply : undefined,
  );
}

async function accountButton() {
  // The first visit compiles the page's code, which takes longer than a page normally does.
  const header = within(await screen.findByRole('banner', undefined, { timeout: 5000 }));
  return header.findByRole('button', { name: /^Account menu/ });
}

// The first test also waits for the page's code to compile.
describe('the unread notifications badge', { timeout: 15_000 }, () => {
  it('shows the raw number of unread notifications', async () => {
    const fetchMock = stubNotifications({
      status: 200,
      body: [notification(4, false), notification(3, false), notification(2, true)],
    });
    renderApp('/', { token: userToken() });
    const button = await accountButton();
    await vi.waitFor(() =>
      expect(button).toHaveAccessibleName('Account menu for player.one, 2 unread notifications'),
    );
    expect(button).toHaveTextContent(/2$/);
    expect(callsMade(fetchMock)).toContain('GET /api/notifications');
  });

  it('counts the unread personal notifications with the broadcasts', async () => {
    stubNotifications({
      status: 200,
      // Each kind numbers its own: the same id twice is two notifications.
      body: [notification(4, false, 'personal'), notification(4, false), notification(3, true)],
    });
    renderApp('/', { token: userToken() });
    const button = await accountButton();
    await vi.waitFor(() =>
      expect(button).toHaveAccessibleName('Account menu for player.one, 2 unread notifications'),
    );
  });

  it('is absent when everything has been read', async () => {
    const fetchMock = stubNotifications({ status: 200, body: [notification(1, true)] });
    renderApp('/', { token: userToken() });
    const button = await accountButton();
    await vi.waitFor(() => expect(callsMade(fetchMock)).toContain('GET /api/notifications'));
    expect(button).toHaveAccessibleName('Account menu for player.one');
    expect(button).toHaveTextContent('Pplayer.one');
  });

  it('stays away, with only a console message, when the notifications cannot be read', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    stubNotifications({ status: 403, body: { message: 'Forbidden.' } });
    renderApp('/', { token: userToken() });
    const button = await accountButton();
    await vi.waitFor(() => expect(consoleError).toHaveBeenCalled());
    expect(button).toHaveAccessibleName('Account menu for player.one');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('is not asked for while signed out', async () => {
    const fetchMock = stubNotifications({ status: 200, body: [] });
    renderApp('/');
    expect(await screen.findByRole('button', { name: 'Sign In' }, { timeout: 5000 })).toBeVisible();
    expect(callsMade(fetchMock)).not.toContain('GET /api/notifications');
  });
});
