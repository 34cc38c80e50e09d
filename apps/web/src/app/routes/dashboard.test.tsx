import type { TBellNotification } from '@nexusplay/contract/notifications';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { callsMade, sentBody, stubApi } from '../../test/fetch-stub';
import { renderApp } from '../../test/render-app';
import { makeToken, userToken } from '../../test/tokens';

function makeNotification(
  id: number,
  overrides: Partial<TBellNotification> = {},
): TBellNotification {
  return {
    id,
    kind: 'broadcast',
    title: `Pengumuman ${id}`,
    message: `Isi pengumuman ${id}.`,
    read: false,
    created_at: '2025-03-05T08:00:00.000Z',
    ...overrides,
  };
}

const NOTIFICATIONS = [
  makeNotification(3, { title: 'Turnamen minggu ini' }),
  makeNotification(2, { title: 'Pemeliharaan server' }),
  makeNotification(1, { title: 'Selamat datang', read: true }),
];

function isList(method: string, url: URL) {
  return method === 'GET' && url.pathname === '/api/notifications';
}

function isMarkRead(method: string, url: URL) {
  return method === 'POST' && url.pathname === '/api/notifications/read';
}

// The first test also waits for the page's code to compile.
describe('user dashboard', { timeout: 15_000 }, () => {
  it('says it is loading the notifications until they arrive', async () => {
    let release!: () => void;
    const arrived = new Promise<void>((resolve) => (release = resolve));
    const fetchMock = stubApi(({ method, url }) =>
      isList(method, url) ? { status: 200, body: [] } : undefined,
    );
    const answer = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input).includes('/api/notifications')) await arrived;
      return answer(input, init);
    });

    renderApp('/dashboard', { token: userToken() });
    expect(
      await screen.findByText('Memuat notifikasi...', undefined, { timeout: 5000 }),
    ).toBeInTheDocument();
    release();
    expect(await screen.findByText('Tidak ada notifikasi saat ini.')).toBeInTheDocument();
    expect(screen.queryByText('Memuat notifikasi...')).not.toBeInTheDocument();
  });

  it('shows the account with the defaults for missing claims', async () => {
    renderApp('/dashboard', { token: makeToken({ id: 9, exp: Date.now() / 1000 + 600 }) });
    const account = within(
      await screen.findByRole('region', { name: 'Account' }, { timeout: 5000 }),
    );
    expect(account.getByText('Guest')).toBeInTheDocument();
    expect(account.getByText('guest@example.com')).toBeInTheDocument();
    expect(account.getByText('User')).toBeInTheDocument();
    expect(screen.getByText(/Welcome back, Guest!/)).toBeInTheDocument();
  });

  it('lists every notification newest first, marks the unread ones read and clears the badge', async () => {
    let markedRead = false;
    const fetchMock = stubApi(({ method, url }) => {
      if (isList(method, url)) {
        const body = markedRead ? NOTIFICATIONS.map((n) => ({ ...n, read: true })) : NOTIFICATIONS;
        return { status: 200, body };
      }
      if (isMarkRead(method, url)) {
        markedRead = true;
        return { status: 200, body: { message: 'Notifications marked as read.', unread: 0 } };
      }
      return undefined;
    });
    const { router } = renderApp('/', { token: userToken() });
    // The first visit compiles the page's code, which takes longer than a page normally does.
    expect(
      await screen.findByRole(
        'button',
        { name: 'Account menu for player.one, 2 unread notifications' },
        { timeout: 5000 },
      ),
    ).toHaveTextContent('2');
    await router.navigate('/dashboard');

    const feed = within(await screen.findByRole('region', { name: 'Notifikasi' }));
    const items = await feed.findAllByRole('article');
    expect(items.map((item) => within(item).getByRole('heading').textContent)).toEqual([
      'Turnamen minggu ini',
      'Pemeliharaan server',
      'Selamat datang',
    ]);
    expect(feed.getByText('Isi pengumuman 2.')).toBeInTheDocument();

    await vi.waitFor(() => {
      const markCall = callsMade(fetchMock).indexOf('POST /api/notifications/read');
      expect(sentBody(fetchMock, markCall)).toEqual({ broadcast_ids: [3, 2], personal_ids: [] });
    });
    // What was new when the page opened stays marked as such while it is open.
    const marked = items.filter((item) => within(item).queryByText('Baru'));
    expect(marked.map((item) => within(item).getByRole('heading').textContent)).toEqual([
      'Turnamen minggu ini',
      'Pemeliharaan server',
    ]);
    await vi.waitFor(() =>
      expect(screen.getByRole('button', { name: /^Account menu/ })).toHaveAccessibleName(
        'Account menu for player.one',
      ),
    );
    expect(screen.getByRole('button', { name: /^Account menu/ })).not.toHaveTextContent(/\d/);
    expect(
      callsMade(fetchMock).filter((call) => call === 'POST /api/notifications/read'),
    ).toHaveLength(1);
  });

  it('keeps the badge when marking fails, and does not ask again and again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const fetchMock = stubApi(({ method, url }) => {
      if (isList(method, url)) return { status: 200, body: NOTIFICATIONS };
      if (isMarkRead(method, url)) return { status: 500, body: { message: 'Down.' } };
      return undefined;
    });
    renderApp('/dashboard', { token: userToken() });

    expect(
      await screen.findByRole(
        'button',
        { name: 'Account menu for player.one, 2 unread notifications' },
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
    await vi.waitFor(() => expect(callsMade(fetchMock)).toContain('POST /api/notifications/read'));
    // The list is read again after the failure and shows the two as unread once more.
    await vi.waitFor(() =>
      expect(callsMade(fetchMock).filter((call) => call === 'GET /api/notifications')).toHaveLength(
        2,
      ),
    );
    expect(
      await screen.findByRole('button', {
        name: 'Account menu for player.one, 2 unread notifications',
      }),
    ).toBeInTheDocument();
    expect(
      callsMade(fetchMock).filter((call) => call === 'POST /api/notifications/read'),
    ).toHaveLength(1);
  });
});
