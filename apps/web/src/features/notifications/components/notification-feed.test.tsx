import type { TBellNotification } from '@nexusplay/contract/notifications';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { callsMade, listReply, sentBody, stubApi } from '../../../test/fetch-stub';
import { renderApp } from '../../../test/render-app';
import { userToken } from '../../../test/tokens';

const INCOME = 'New PIXEL income: 120 PIXEL in Farm wallet';

/** A broadcast and a personal notification with the same id, as each kind numbers its own. */
const BELL: TBellNotification[] = [
  {
    id: 5,
    kind: 'personal',
    title: INCOME,
    message: '120 PIXEL arrived in Farm wallet on 20 Nov 2026.',
    read: false,
    created_at: '2026-11-20T03:00:00.000Z',
  },
  {
    id: 5,
    kind: 'broadcast',
    title: 'Pemeliharaan server',
    message: 'Server mati sebentar malam ini.',
    read: false,
    created_at: '2026-11-19T03:00:00.000Z',
  },
  {
    id: 4,
    kind: 'personal',
    title: 'New AXS income: 2 AXS in Main',
    message: 'Read before.',
    read: true,
    created_at: '2026-11-18T03:00:00.000Z',
  },
];

function stubBell() {
  let marked = false;
  return stubApi(({ method, url }) => {
    if (method === 'GET' && url.pathname === '/api/notifications') {
      return listReply(marked ? BELL.map((item) => ({ ...item, read: true })) : BELL);
    }
    if (method === 'POST' && url.pathname === '/api/notifications/read') {
      marked = true;
      return { status: 200, body: { message: 'Notifications marked as read.', unread: 0 } };
    }
    return undefined;
  });
}

// The first test also waits for the page's code to compile.
describe('the bell with personal notifications', { timeout: 15_000 }, () => {
  it('shows personal ones beside the broadcasts, counts them in the badge and marks both read', async () => {
    const fetchMock = stubBell();
    const { router } = renderApp('/', { token: userToken() });
    expect(
      await screen.findByRole(
        'button',
        { name: 'Account menu for player.one, 2 unread notifications' },
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
    await router.navigate('/dashboard');

    const feed = within(await screen.findByRole('region', { name: 'Notifikasi' }));
    const items = await feed.findAllByRole('article');
    expect(items.map((item) => within(item).getByRole('heading').textContent)).toEqual([
      INCOME,
      'Pemeliharaan server',
      'New AXS income: 2 AXS in Main',
    ]);
    expect(feed.getByRole('article', { name: INCOME })).toHaveTextContent(
      '120 PIXEL arrived in Farm wallet on 20 Nov 2026.',
    );

    await vi.waitFor(() => {
      const markCall = callsMade(fetchMock).indexOf('POST /api/notifications/read');
      expect(sentBody(fetchMock, markCall)).toEqual({ broadcast_ids: [5], personal_ids: [5] });
    });
    // Both unread ones keep their "Baru" mark while the page is open; the one read before has none.
    expect(
      items
        .filter((item) => within(item).queryByText('Baru'))
        .map((item) => within(item).getByRole('heading').textContent),
    ).toEqual([INCOME, 'Pemeliharaan server']);
    await vi.waitFor(() =>
      expect(screen.getByRole('button', { name: /^Account menu/ })).toHaveAccessibleName(
        'Account menu for player.one',
      ),
    );
  });

  it('is reached from the badge with the keyboard alone', async () => {
    stubBell();
    const { user, router } = renderApp('/', { token: userToken() });
    const badge = await screen.findByRole(
      'button',
      { name: 'Account menu for player.one, 2 unread notifications' },
      { timeout: 5000 },
    );
    badge.focus();
    await user.keyboard('{Enter}');
    const dashboard = await screen.findByRole('menuitem', { name: 'Dashboard' });
    await vi.waitFor(() => expect(dashboard).toHaveFocus());
    await user.keyboard('{Enter}');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    const feed = within(await screen.findByRole('region', { name: 'Notifikasi' }));
    expect(await feed.findByRole('heading', { name: INCOME })).toBeInTheDocument();
  });
});
