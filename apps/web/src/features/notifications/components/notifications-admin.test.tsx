import type { TNotification } from '@nexusplay/contract/notifications';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { callsMade, sentBody, stubApi, type ApiCall } from '../../../test/fetch-stub';
import { renderApp } from '../../../test/render-app';
import { adminToken } from '../../../test/tokens';

type Reply = ReturnType<Parameters<typeof stubApi>[0]>;

const NOTIFICATIONS: TNotification[] = [
  {
    id: 2,
    title: 'Turnamen minggu ini',
    message: 'Daftar sebelum Jumat.',
    read: true,
    created_at: '2025-03-06T08:00:00.000Z',
  },
  {
    id: 1,
    title: 'Pemeliharaan server',
    message: 'Server mati sebentar malam ini.',
    read: false,
    created_at: '2025-03-05T08:00:00.000Z',
  },
];

function stubNotificationsAdmin(onWrite: (call: ApiCall) => Reply = () => undefined) {
  return stubApi((call) =>
    call.method === 'GET' && call.url.pathname === '/api/admin-notifications'
      ? { status: 200, body: NOTIFICATIONS }
      : onWrite(call),
  );
}

/** Holds the write requests until `release` is called, to see the form while it sends. */
function holdWrites(fetchMock: ReturnType<typeof stubApi>) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const answer = fetchMock.getMockImplementation()!;
  fetchMock.mockImplementation(async (input, init) => {
    if (init?.method && init.method !== 'GET') await released;
    return answer(input, init);
  });
  return release;
}

async function openPage() {
  const rendered = renderApp('/admin/notifications', { token: adminToken() });
  // The first visit compiles the admin area's code, which takes longer than a page normally does.
  await screen.findByRole('rowheader', { name: /^Turnamen minggu ini/ }, { timeout: 5000 });
  return rendered;
}

const form = () => within(screen.getByRole('region', { name: /Notifikasi Baru|Ubah Notifikasi/ }));

// The first test also waits for the admin area's code to compile.
describe('Kelola Notifikasi', { timeout: 15_000 }, () => {
  it('creates a notification, showing Mengirim... on a disabled button while it is sent', async () => {
    const fetchMock = stubNotificationsAdmin(({ method }) =>
      method === 'POST'
        ? {
            status: 201,
            body: {
              message: 'Notifikasi berhasil dibuat.',
              notification: { ...NOTIFICATIONS[0]!, id: 3 },
            },
          }
        : undefined,
    );
    const release = holdWrites(fetchMock);
    const { user } = await openPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Kelola Notifikasi' })).toBeVisible();

    await user.type(form().getByLabelText('Judul'), 'Event baru');
    await user.type(form().getByLabelText('Pesan'), 'Ikuti event akhir pekan.');
    await user.click(form().getByRole('button', { name: 'Buat Notifikasi' }));

    const sending = await form().findByRole('button', { name: 'Mengirim...' });
    expect(sending).toBeDisabled();
    release();

    expect(await screen.findByText('Notifikasi berhasil dibuat.')).toBeInTheDocument();
    const post = callsMade(fetchMock).indexOf('POST /api/admin-notifications');
    expect(sentBody(fetchMock, post)).toEqual({
      title: 'Event baru',
      message: 'Ikuti event akhir pekan.',
    });
    expect(await form().findByRole('button', { name: 'Buat Notifikasi' })).toBeEnabled();
    expect(form().getByLabelText('Judul')).toHaveValue('');
  });

  it('requires a title and a message before sending anything', async () => {
    const fetchMock = stubNotificationsAdmin();
    const { user } = await openPage();
    await user.click(form().getByRole('button', { name: 'Buat Notifikasi' }));
    expect(await form().findByText('Judul wajib diisi.')).toBeInTheDocument();
    expect(form().getByText('Pesan wajib diisi.')).toBeInTheDocument();
    expect(callsMade(fetchMock).filter((call) => call.startsWith('POST'))).toEqual([]);
  });

  it('edits a notification with Simpan Perubahan, and cancels the edit', async () => {
    const fetchMock = stubNotificationsAdmin(({ method, url }) =>
      method === 'PUT' && url.pathname === '/api/admin-notifications/1'
        ? {
            status: 200,
            body: { message: 'Notifikasi berhasil diperbarui.', notification: NOTIFICATIONS[1] },
          }
        : undefined,
    );
    const { user } = await openPage();

    const row = screen.getByRole('row', { name: /^Turnamen minggu ini/ });
    expect(row).not.toHaveAttribute('aria-current');
    await user.click(screen.getByRole('button', { name: 'Ubah Turnamen minggu ini' }));
    expect(form().getByLabelText('Judul')).toHaveValue('Turnamen minggu ini');
    expect(row).toHaveAttribute('aria-current', 'true');
    expect(form().getByRole('button', { name: 'Simpan Perubahan' })).toBeInTheDocument();
    expect(form().queryByRole('button', { name: 'Buat Notifikasi' })).not.toBeInTheDocument();
    await user.click(form().getByRole('button', { name: 'Batal Edit' }));
    expect(form().getByRole('button', { name: 'Buat Notifikasi' })).toBeInTheDocument();
    expect(form().getByLabelText('Judul')).toHaveValue('');
    expect(form().queryByRole('button', { name: 'Batal Edit' })).not.toBeInTheDocument();
    expect(row).not.toHaveAttribute('aria-current');

    await user.click(screen.getByRole('button', { name: 'Ubah Pemeliharaan server' }));
    await user.clear(form().getByLabelText('Pesan'));
    await user.type(form().getByLabelText('Pesan'), 'Diundur ke besok.');
    await user.click(form().getByRole('button', { name: 'Simpan Perubahan' }));

    expect(await screen.findByText('Notifikasi berhasil diperbarui.')).toBeInTheDocument();
    const put = callsMade(fetchMock).indexOf('PUT /api/admin-notifications/1');
    expect(sentBody(fetchMock, put)).toEqual({
      title: 'Pemeliharaan server',
      message: 'Diundur ke besok.',
    });
    expect(await form().findByRole('button', { name: 'Buat Notifikasi' })).toBeInTheDocument();
  });

  it('says so in red when a save fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubNotificationsAdmin(({ method }) =>
      method === 'POST' ? { status: 500, body: { message: 'Internal error.' } } : undefined,
    );
    const { user } = await openPage();
    await user.type(form().getByLabelText('Judul'), 'Event baru');
    await user.type(form().getByLabelText('Pesan'), 'Ikuti event.');
    await user.click(form().getByRole('button', { name: 'Buat Notifikasi' }));
    expect(await form().findByRole('alert')).toHaveTextContent(
      'Terjadi kesalahan saat mengirim data.',
    );
    expect(form().getByLabelText('Judul')).toHaveValue('Event baru');
  });

  it('asks before deleting, then shows the answer', async () => {
    const fetchMock = stubNotificationsAdmin(({ method }) =>
      method === 'DELETE'
        ? { status: 200, body: { message: 'Notifikasi berhasil dihapus.' } }
        : undefined,
    );
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Hapus Pemeliharaan server' }));
    const dialog = within(await screen.findByRole('alertdialog', { name: 'Hapus notifikasi?' }));
    expect(callsMade(fetchMock)).not.toContain('DELETE /api/admin-notifications/1');
    await user.click(dialog.getByRole('button', { name: 'Hapus' }));

    expect(await screen.findByText('Notifikasi berhasil dihapus.')).toBeInTheDocument();
    expect(callsMade(fetchMock)).toContain('DELETE /api/admin-notifications/1');
    await vi.waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });

  it('says so in red near the list when a delete fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubNotificationsAdmin(({ method }) =>
      method === 'DELETE' ? { status: 500, body: { message: 'Internal error.' } } : undefined,
    );
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Hapus Pemeliharaan server' }));
    const dialog = within(await screen.findByRole('alertdialog', { name: 'Hapus notifikasi?' }));
    await user.click(dialog.getByRole('button', { name: 'Hapus' }));

    const list = within(screen.getByRole('region', { name: 'Daftar Notifikasi' }));
    expect(await list.findByRole('alert')).toHaveTextContent(
      'Terjadi kesalahan saat menghapus notifikasi.',
    );
  });
});
