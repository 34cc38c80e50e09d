import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../support/test-app.js';
import { signInAdmin, signInUser } from '../../support/accounts.js';
import { apiCall, type CallArgs } from '../../support/content.js';

describe('notifications API', () => {
  let t: TestApp;
  let adminToken: string;
  let alice: string;
  let bob: string;

  beforeAll(async () => {
    t = await createTestApp();
    adminToken = (await signInAdmin(t)).token;
    alice = (await signInUser(t.app)).token;
    bob = (await signInUser(t.app)).token;
  });
  afterAll(() => t.close());

  const call = (...args: CallArgs) => apiCall(t.app, ...args);
  const list = async (token: string) =>
    (await call('GET', '/api/admin-notifications', token)).json();

  it('lets every signed-in user read, only admins write, and guests nothing', async () => {
    const note = { title: 'Hi', message: 'Hello' };
    expect((await call('GET', '/api/admin-notifications')).statusCode).toBe(401);
    expect((await call('GET', '/api/admin-notifications', alice)).statusCode).toBe(200);
    expect(
      (await call('POST', '/api/admin-notifications/read', undefined, { ids: [] })).statusCode,
    ).toBe(401);
    for (const [token, status] of [
      [undefined, 401],
      [alice, 403],
    ] as const) {
      expect((await call('POST', '/api/admin-notifications', token, note)).statusCode).toBe(status);
      expect((await call('PUT', '/api/admin-notifications/1', token, note)).statusCode).toBe(
        status,
      );
      expect((await call('DELETE', '/api/admin-notifications/1', token)).statusCode).toBe(status);
    }
  });

  it('creates, edits and deletes with Indonesian messages, newest first', async () => {
    const first = await call('POST', '/api/admin-notifications', adminToken, {
      title: 'Satu',
      message: 'Pertama',
    });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      message: 'Notifikasi berhasil dibuat.',
      notification: { title: 'Satu', message: 'Pertama', read: false },
    });
    const second = await call('POST', '/api/admin-notifications', adminToken, {
      title: 'Dua',
      message: 'Kedua',
    });
    expect((await list(alice)).slice(0, 2).map((n: { title: string }) => n.title)).toEqual([
      'Dua',
      'Satu',
    ]);

    const edited = await call(
      'PUT',
      `/api/admin-notifications/${first.json().notification.id}`,
      adminToken,
      {
        title: 'Satu!',
        message: 'Diubah',
      },
    );
    expect(edited.json()).toMatchObject({
      message: 'Notifikasi berhasil diperbarui.',
      notification: { title: 'Satu!' },
    });

    const deleted = await call(
      'DELETE',
      `/api/admin-notifications/${second.json().notification.id}`,
      adminToken,
    );
    expect(deleted.json()).toEqual({ message: 'Notifikasi berhasil dihapus.' });
    const missing = await call(
      'DELETE',
      `/api/admin-notifications/${second.json().notification.id}`,
      adminToken,
    );
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Notifikasi tidak ditemukan.' });
  });

  it('validates title and message', async () => {
    const res = await call('POST', '/api/admin-notifications', adminToken, {
      title: ' ',
      message: '',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      title: 'Judul wajib diisi.',
      message: 'Pesan wajib diisi.',
    });
  });

  it("keeps read state per user: Alice reading does not clear Bob's badge", async () => {
    await call('POST', '/api/admin-notifications', adminToken, {
      title: 'Baru',
      message: 'Untuk semua',
    });
    const aliceBefore = await list(alice);
    const unread = aliceBefore.filter((n: { read: boolean }) => !n.read);
    expect(unread.length).toBeGreaterThan(0);

    const marked = await call('POST', '/api/admin-notifications/read', alice, {
      ids: [...aliceBefore.map((n: { id: number }) => n.id), 987654],
    });
    expect(marked.statusCode).toBe(200);
    expect(marked.json()).toEqual({ message: 'Notifications marked as read.', unread: 0 });
    expect((await list(alice)).every((n: { read: boolean }) => n.read)).toBe(true);
    expect((await list(bob)).filter((n: { read: boolean }) => !n.read)).toHaveLength(unread.length);

    // Marking again is harmless; a new notification is unread for everyone.
    await call('POST', '/api/admin-notifications/read', alice, {
      ids: aliceBefore.map((n: { id: number }) => n.id),
    });
    await call('POST', '/api/admin-notifications', adminToken, {
      title: 'Lagi',
      message: 'Satu lagi',
    });
    expect((await list(alice)).filter((n: { read: boolean }) => !n.read)).toHaveLength(1);

    // A page counts every notification once, whoever has read them, and past its end too.
    const all = (await list(bob)).length;
    for (const [token, offset] of [
      [alice, 0],
      [bob, 0],
      [alice, all + 5],
    ] as const) {
      const page = await call('GET', `/api/admin-notifications?limit=1&offset=${offset}`, token);
      expect(page.json()).toHaveLength(offset === 0 ? 1 : 0);
      expect(page.headers['x-total-count']).toBe(String(all));
    }
  });

  it('marks as read while an admin deletes the same notification, without a failure', async () => {
    // On PostgreSQL the delete can commit between the read mark's select and its insert.
    for (let round = 0; round < 25; round += 1) {
      const created = await call('POST', '/api/admin-notifications', adminToken, {
        title: `Race ${round}`,
        message: 'Dihapus sebentar lagi',
      });
      const id = created.json().notification.id as number;
      const answers = await Promise.all([
        ...Array.from({ length: 6 }, (_, i) =>
          call('POST', '/api/admin-notifications/read', i % 2 ? alice : bob, { ids: [id] }),
        ),
        call('DELETE', `/api/admin-notifications/${id}`, adminToken),
      ]);
      expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200, 200, 200, 200, 200]);
    }
  });

  it('refuses a malformed read request', async () => {
    for (const payload of [
      {},
      { ids: 'all' },
      { ids: [-1] },
      { ids: Array.from({ length: 1001 }, (_, i) => i + 1) },
    ]) {
      expect((await call('POST', '/api/admin-notifications/read', alice, payload)).statusCode).toBe(
        400,
      );
    }
  });
});
