import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tellUsers } from '../../../src/modules/notifications/notifications.service.js';
import { signInAdmin, signInUser } from '../../support/accounts.js';
import { apiCall, type CallArgs } from '../../support/content.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';
import { txHash } from '../../support/chain-ids.js';

let transfers = 0;

describe('personal notifications: the door other modules write through', () => {
  let t: TestApp;
  let alice: { id: number; token: string };
  let bob: { id: number; token: string };

  /** A stored chain transfer, as the follower stores one: its id. */
  const transfer = async () => {
    transfers += 1;
    const row = await t.db.kysely
      .insertInto('chain_transfers')
      .values({
        chain_id: 2020,
        tx_hash: txHash(transfers),
        log_index: 0,
        block_number: transfers,
        block_time: '2026-11-20T03:00:00.000Z',
        token: `0x${'11'.repeat(20)}`,
        from_address: `0x${'22'.repeat(20)}`,
        to_address: `0x${'33'.repeat(20)}`,
        amount: '120000000000000000000',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  };
  const note = (userId: number, chainTransferId: number | null) => ({
    user_id: userId,
    title: 'New PIXEL income: 120 PIXEL in Farm wallet',
    message: '120 PIXEL arrived in Farm wallet on 20 Nov 2026.',
    chain_transfer_id: chainTransferId,
    created_at: '2026-11-20T03:00:05.000Z',
  });
  const rowsOf = (userId: number) =>
    t.db.kysely
      .selectFrom('user_notifications')
      .selectAll()
      .where('user_id', '=', userId)
      .execute();
  const versionOf = async (userId: number) =>
    (
      await t.db.kysely
        .selectFrom('list_versions')
        .select('version')
        .where('list', '=', 'user_notifications')
        .where('user_id', '=', userId)
        .executeTakeFirst()
    )?.version ?? 0;

  beforeAll(async () => {
    t = await createTestApp();
    alice = await signInUser(t.app);
    bob = await signInUser(t.app);
  });
  afterAll(() => t.close());

  it('stores each user and transfer once, and raises only their users’ versions', async () => {
    const id = await transfer();
    const [aliceBefore, bobBefore] = [await versionOf(alice.id), await versionOf(bob.id)];
    expect(await tellUsers(t.db.kysely, [note(alice.id, id), note(alice.id, id)])).toBe(1);
    expect(await tellUsers(t.db.kysely, [note(alice.id, id)])).toBe(0);
    expect(await rowsOf(alice.id)).toHaveLength(1);
    expect(await rowsOf(bob.id)).toHaveLength(0);
    expect(await versionOf(alice.id)).toBe(aliceBefore + 1);
    expect(await versionOf(bob.id)).toBe(bobBefore);
    expect(await tellUsers(t.db.kysely, [])).toBe(0);
  });

  it('stores notifications about no transfer as often as told', async () => {
    await tellUsers(t.db.kysely, [note(bob.id, null), note(bob.id, null)]);
    expect(await rowsOf(bob.id)).toHaveLength(2);
  });

  it('commits with the caller’s transaction, and rolls back with it', async () => {
    const id = await transfer();
    const before = await versionOf(alice.id);
    await expect(
      t.db.kysely.transaction().execute(async (trx) => {
        await tellUsers(trx, [note(alice.id, id)]);
        throw new Error('the caller’s write failed');
      }),
    ).rejects.toThrow('the caller’s write failed');
    expect((await rowsOf(alice.id)).filter((row) => row.chain_transfer_id === id)).toEqual([]);
    expect(await versionOf(alice.id)).toBe(before);

    await t.db.kysely.transaction().execute((trx) => tellUsers(trx, [note(alice.id, id)]));
    expect((await rowsOf(alice.id)).filter((row) => row.chain_transfer_id === id)).toHaveLength(1);
    expect(await versionOf(alice.id)).toBe(before + 1);
  });
});

type Item = { id: number; kind: string; title: string; message: string; read: boolean };

describe('the bell: broadcasts and personal notifications together', () => {
  let t: TestApp;
  let admin: string;
  let alice: { id: number; token: string };
  let bob: { id: number; token: string };
  let seconds = 0;

  const call = (...args: CallArgs) => apiCall(t.app, ...args);
  const bell = async (token: string) => {
    const res = await call('GET', '/api/notifications', token);
    expect(res.statusCode, res.body).toBe(200);
    return { items: res.json<Item[]>(), total: Number(res.headers['x-total-count']) };
  };
  const unreadOf = async (token: string) =>
    (await bell(token)).items.filter((item) => !item.read).length;
  /** A moment a second after the last one, so that the order of the bell is known. */
  const later = () => {
    seconds += 1;
    return new Date(Date.UTC(2026, 10, 20, 3, 0, seconds)).toISOString();
  };
  const broadcast = async (title: string) => {
    const res = await call('POST', '/api/admin-notifications', admin, { title, message: 'Hi' });
    expect(res.statusCode, res.body).toBe(201);
    // Dated by the test, so that it sorts among the personal ones as the test means.
    const { id } = res.json<{ notification: { id: number } }>().notification;
    await t.db.kysely
      .updateTable('notifications')
      .set({ created_at: later() })
      .where('id', '=', id)
      .execute();
    return id;
  };
  const personal = async (userId: number, title: string) => {
    await tellUsers(t.db.kysely, [
      {
        user_id: userId,
        title,
        message: 'On chain.',
        chain_transfer_id: null,
        created_at: later(),
      },
    ]);
    const row = await t.db.kysely
      .selectFrom('user_notifications')
      .select('id')
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    return row.id;
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = (await signInAdmin(t)).token;
    alice = await signInUser(t.app);
    bob = await signInUser(t.app);
  });
  afterAll(() => t.close());

  it('shows a personal notification to its user only, beside the broadcasts, newest first', async () => {
    await broadcast('Maintenance');
    const pixelId = await personal(alice.id, 'New PIXEL income: 120 PIXEL in Farm wallet');
    await broadcast('Tonight');

    const forAlice = await bell(alice.token);
    expect(forAlice.items.map(({ kind, title, read }) => ({ kind, title, read }))).toEqual([
      { kind: 'broadcast', title: 'Tonight', read: false },
      { kind: 'personal', title: 'New PIXEL income: 120 PIXEL in Farm wallet', read: false },
      { kind: 'broadcast', title: 'Maintenance', read: false },
    ]);
    expect(forAlice.items[1]).toMatchObject({ id: pixelId, message: 'On chain.' });
    expect(forAlice.total).toBe(3);

    const forBob = await bell(bob.token);
    expect(forBob.items.map((item) => item.title)).toEqual(['Tonight', 'Maintenance']);
    expect(forBob.total).toBe(2);

    // The broadcasts' own list stays as it was: broadcasts only.
    const broadcasts = await call('GET', '/api/admin-notifications', alice.token);
    expect(broadcasts.json<Item[]>().map((item) => item.title)).toEqual(['Tonight', 'Maintenance']);
  });

  it('pages both kinds as one list', async () => {
    const res = await call('GET', '/api/notifications?limit=1&offset=1', alice.token);
    expect(res.json<Item[]>().map((item) => item.kind)).toEqual(['personal']);
    expect(res.headers['x-total-count']).toBe('3');
  });

  it('counts personal ones in the one unread count, and marks one read by its kind and id', async () => {
    const id = await personal(alice.id, 'New AXS income: 2 AXS in Main');
    const before = await unreadOf(alice.token);

    // Another user cannot mark it, nor learn it exists.
    const bobs = await call('POST', `/api/notifications/personal/${id}/read`, bob.token);
    expect(bobs.statusCode).toBe(404);
    expect(bobs.json()).toEqual({ message: 'Notifikasi tidak ditemukan.' });
    const batch = await call('POST', '/api/notifications/read', bob.token, { personal_ids: [id] });
    expect(batch.statusCode).toBe(200);
    expect(await unreadOf(alice.token)).toBe(before);

    const marked = await call('POST', `/api/notifications/personal/${id}/read`, alice.token);
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json()).toEqual({ message: 'Notification marked as read.', unread: before - 1 });
    expect(
      (await bell(alice.token)).items.find((item) => item.id === id && item.kind === 'personal'),
    ).toMatchObject({ read: true });
    // Marking again changes nothing.
    const again = await call('POST', `/api/notifications/personal/${id}/read`, alice.token);
    expect(again.json<{ unread: number }>().unread).toBe(before - 1);
  });

  it('marks what was shown read, ids by kind, and answers the one unread count', async () => {
    const tonight = (await bell(alice.token)).items.find((item) => item.title === 'Tonight')!;
    const pixel = (await bell(alice.token)).items.find(
      (item) => item.kind === 'personal' && !item.read,
    )!;
    const before = await unreadOf(alice.token);
    const res = await call('POST', '/api/notifications/read', alice.token, {
      broadcast_ids: [tonight.id],
      personal_ids: [pixel.id, 987654],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Notifications marked as read.', unread: before - 2 });
    expect(await unreadOf(alice.token)).toBe(before - 2);
    // Bob's read state of the broadcast is his own.
    expect((await bell(bob.token)).items.find((item) => item.id === tonight.id)?.read).toBe(false);
  });

  it('marks every item of both kinds read at once, for the caller only', async () => {
    await personal(alice.id, 'New PIXEL income: 5 PIXEL in Farm wallet');
    await personal(bob.id, 'New PIXEL income: 7 PIXEL in Barn');
    await broadcast('Patch notes');
    expect(await unreadOf(alice.token)).toBeGreaterThanOrEqual(3);

    const res = await call('POST', '/api/notifications/read-all', alice.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Notifications marked as read.', unread: 0 });
    expect((await bell(alice.token)).items.every((item) => item.read)).toBe(true);
    const bobs = (await bell(bob.token)).items;
    expect(bobs.filter((item) => !item.read).map((item) => item.title)).toEqual(
      expect.arrayContaining(['New PIXEL income: 7 PIXEL in Barn', 'Patch notes']),
    );
    // The broadcasts' own read route answers the same count.
    const old = await call('POST', '/api/admin-notifications/read', bob.token, { ids: [] });
    expect(old.json<{ unread: number }>().unread).toBe(bobs.filter((item) => !item.read).length);
  });

  it('shows, on the next read of a kept answer, one stored by another module in its transaction', async () => {
    await bell(bob.token);
    const kept = t.app.personalAnswers.size;
    await bell(bob.token);
    expect(t.app.personalAnswers.size, 'the answer is kept').toBe(kept);

    const title = 'New PIXEL income: 120 PIXEL in Farm wallet';
    await t.db.kysely.transaction().execute(async (trx) => {
      await tellUsers(trx, [
        { user_id: bob.id, title, message: 'Fresh.', chain_transfer_id: null, created_at: later() },
      ]);
    });
    const { items } = await bell(bob.token);
    expect(items[0]).toMatchObject({ kind: 'personal', title, message: 'Fresh.', read: false });

    // Marking it read is seen on the next read as well.
    await call('POST', `/api/notifications/personal/${items[0]!.id}/read`, bob.token);
    expect((await bell(bob.token)).items[0]).toMatchObject({ message: 'Fresh.', read: true });
  });

  it('refuses hostile kinds, ids and bodies with a 4xx in the one error shape', async () => {
    for (const url of [
      '/api/notifications/personal/abc/read',
      '/api/notifications/personal/0/read',
      '/api/notifications/personal/-1/read',
      '/api/notifications/personal/1.5/read',
      '/api/notifications/personal/99999999999999999999/read',
      '/api/notifications/admin/1/read',
      '/api/notifications/__proto__/1/read',
    ]) {
      const res = await call('POST', url, alice.token);
      expect(res.statusCode, url).toBe(400);
      expect(typeof res.json().message, url).toBe('string');
    }
    expect(
      (await call('POST', '/api/notifications/personal/987654/read', alice.token)).statusCode,
    ).toBe(404);
    expect(
      (await call('POST', '/api/notifications/broadcast/987654/read', alice.token)).statusCode,
    ).toBe(404);
    for (const body of [
      { personal_ids: ['1; drop table users'] },
      { broadcast_ids: 'all' },
      { personal_ids: [-3] },
      {
        personal_ids: Array.from({ length: 600 }, (_, i) => i + 1),
        broadcast_ids: Array.from({ length: 600 }, (_, i) => i + 1),
      },
    ]) {
      const res = await call('POST', '/api/notifications/read', alice.token, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(typeof res.json().message).toBe('string');
    }
    expect((await call('GET', '/api/notifications?limit=-1', alice.token)).statusCode).toBe(400);
  });

  it('is in the OpenAPI document with its kind in the response schema', async () => {
    const doc = (await call('GET', '/api/docs/json')).json();
    for (const path of [
      '/api/notifications',
      '/api/notifications/read',
      '/api/notifications/read-all',
      '/api/notifications/{kind}/{id}/read',
    ]) {
      expect(doc.paths[path], path).toBeDefined();
    }
    const item =
      doc.paths['/api/notifications'].get.responses['200'].content['application/json'].schema.items;
    expect(item.properties.kind.enum).toEqual(['broadcast', 'personal']);
    expect(item.required).toEqual(expect.arrayContaining(['id', 'kind', 'title', 'read']));
  });

  it('goes with its user when the account is deleted', async () => {
    const leaving = await signInUser(t.app);
    await personal(leaving.id, 'New PIXEL income: 1 PIXEL in Farm wallet');
    await t.db.kysely.deleteFrom('users').where('id', '=', leaving.id).execute();
    const left = await t.db.kysely
      .selectFrom('user_notifications')
      .select('id')
      .where('user_id', '=', leaving.id)
      .execute();
    expect(left).toEqual([]);
  });
});
