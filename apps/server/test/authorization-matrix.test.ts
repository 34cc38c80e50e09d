import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { tellUsers } from '../src/modules/notifications/notifications.service.js';
import { insertTransfers } from '../src/modules/activity/activity.repository.js';
import { createAdmin } from '../src/modules/users/first-admin.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { loginToken, newIdentity, registerUser } from './support/accounts.js';
import { bearer, multipart } from './support/content.js';

/**
 * Every API route the server registers, with the answer each kind of caller gets:
 * a guest, the owner (a signed-in user), another signed-in user, and an admin. For rows that
 * belong to a user, "other" and "admin" act on the owner's row. A route missing from this
 * table fails the suite, so no route can be added without deciding who may call it.
 */
type Role = 'guest' | 'owner' | 'other' | 'admin';
type Expected = Record<Role, number>;
type Account = { email: string; password: string };
type Ctx = {
  t: TestApp;
  tokens: Record<Exclude<Role, 'guest'>, string>;
  accounts: Record<Exclude<Role, 'guest'>, Account>;
  ownerId: number;
};
type Row = {
  expect: Expected;
  request: (
    ctx: Ctx,
  ) => Promise<Omit<InjectOptions, 'headers'> & { headers?: Record<string, string> }>;
};

const everyone = (status: number): Expected => ({
  guest: status,
  owner: status,
  other: status,
  admin: status,
});
const signedIn = (status: number): Expected => ({
  guest: 401,
  owner: status,
  other: status,
  admin: status,
});
const adminOnly = (status: number): Expected => ({
  guest: 401,
  owner: 403,
  other: 403,
  admin: status,
});
/** The owner's own row: others (admins included) cannot even learn it exists. */
const ownRow = (status: number): Expected => ({
  guest: 401,
  owner: status,
  other: 404,
  admin: 404,
});

const json = (method: InjectOptions['method'], url: string, payload?: object) => async () => ({
  method,
  url,
  ...(payload ? { payload } : {}),
});

async function form(
  method: InjectOptions['method'],
  url: string,
  fields: Record<string, string>,
  file?: { name: string; text: string },
) {
  const body = await multipart(
    fields,
    file && { name: file.name, bytes: Buffer.from(file.text), filename: 'f.csv' },
  );
  return { method, url, payload: body.payload, headers: body.headers };
}

const game = { name: 'Matrix Game', description: 'A game.', link: 'https://example.com' };
const blog = { title: 'Matrix Post', content: '<p>Hi</p>', author: 'Ana', date: '2026-01-01' };
const tool = { name: 'Matrix Tool', icon: 'wallet', description: 'Alat.', link: '/tools/wallet' };
const note = { title: 'Judul', message: 'Pesan' };
const priceAlert = { token: 'PIXEL', direction: 'above', currency: 'usd', price: 0.06 };
const address = () =>
  `0x${[...Array(40)].map(() => Math.floor(Math.random() * 16).toString(16)).join('')}`;

async function adminCreates(ctx: Ctx, url: string, payload: object, multipartBody = false) {
  const request: InjectOptions = multipartBody
    ? await form('POST', url, payload as Record<string, string>)
    : { method: 'POST', url, payload };
  const res = await ctx.t.app.inject({
    ...request,
    headers: { ...request.headers, ...bearer(ctx.tokens.admin) },
  });
  expect(res.statusCode, res.body).toBe(201);
  const body = res.json();
  return (body.notification?.id ?? body.user?.id ?? body.id) as number;
}

async function ownerCreates(ctx: Ctx, url: string, payload: object) {
  const res = await ctx.t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: bearer(ctx.tokens.owner),
  });
  expect(res.statusCode, res.body).toBe(201);
  const body = res.json();
  return (body.data?.id ?? body.id) as number;
}

/** A new wallet of the owner receiving `symbol` from a stranger, as the follower stores it: its id. */
async function ownerReceives(ctx: Ctx, symbol: 'PIXEL' | 'AXS') {
  const wallet = address();
  await ownerCreates(ctx, '/api/wallets', { wallet_name: 'W', wallet_address: wallet });
  const token = ctx.t.config.gateway.ronin.tokens.find((one) => one.symbol === symbol)!;
  const [id] = await insertTransfers(ctx.t.db.kysely, [
    {
      chain_id: 2020,
      tx_hash: `0x${address().slice(2)}${'0'.repeat(24)}`,
      log_index: 0,
      block_number: 1,
      block_time: new Date().toISOString(),
      token: token.address.toLowerCase(),
      from_address: address(),
      to_address: wallet,
      amount: '1000000000000000000',
    },
  ]);
  return id!;
}

const MATRIX: Record<string, Row> = {
  'GET /api/health': { expect: everyone(200), request: json('GET', '/api/health') },
  'GET /api/ready': { expect: everyone(200), request: json('GET', '/api/ready') },
  'POST /api/register': {
    expect: everyone(201),
    request: json('POST', '/api/register', undefined),
  },
  'POST /api/login': {
    expect: everyone(401),
    request: json('POST', '/api/login', {
      email: 'nobody@example.com',
      password: 'wrong-password',
    }),
  },
  'GET /api/me': { expect: signedIn(200), request: json('GET', '/api/me') },
  'POST /api/logout': { expect: signedIn(200), request: json('POST', '/api/logout') },

  'POST /api/password/forgot': {
    expect: everyone(202),
    request: json('POST', '/api/password/forgot', { email: 'nobody@example.com' }),
  },
  'POST /api/password/reset/check': {
    expect: everyone(200),
    request: json('POST', '/api/password/reset/check', { token: 'A'.repeat(43) }),
  },
  'POST /api/password/reset': {
    expect: everyone(400),
    request: json('POST', '/api/password/reset', {
      token: 'A'.repeat(43),
      new_password: 'a brand new passphrase',
      confirm_password: 'a brand new passphrase',
    }),
  },
  'POST /api/account/password': {
    expect: signedIn(400),
    request: json('POST', '/api/account/password', {
      current_password: 'not the password',
      new_password: 'a brand new passphrase',
      confirm_password: 'a brand new passphrase',
    }),
  },
  'POST /api/account/logout-all': {
    expect: signedIn(200),
    request: json('POST', '/api/account/logout-all'),
  },
  'DELETE /api/account': {
    expect: signedIn(400),
    request: json('DELETE', '/api/account', { password: 'not the password', confirmation: 'x' }),
  },
  // Each caller gets their own data only; the export test checks the content.
  'GET /api/account/export': {
    expect: signedIn(200),
    request: json('GET', '/api/account/export'),
  },

  'GET /api/games': { expect: everyone(200), request: json('GET', '/api/games') },
  'POST /api/games': { expect: adminOnly(201), request: () => form('POST', '/api/games', game) },
  'PUT /api/games/:id': {
    expect: adminOnly(200),
    request: async (ctx) =>
      form('PUT', `/api/games/${await adminCreates(ctx, '/api/games', game, true)}`, game),
  },
  'DELETE /api/games/:id': {
    expect: adminOnly(200),
    request: async (ctx) => ({
      method: 'DELETE',
      url: `/api/games/${await adminCreates(ctx, '/api/games', game, true)}`,
    }),
  },

  'GET /api/blogs': { expect: everyone(200), request: json('GET', '/api/blogs') },
  'GET /api/blogs/:id': {
    expect: everyone(200),
    request: async (ctx) => ({
      method: 'GET',
      url: `/api/blogs/${await adminCreates(ctx, '/api/blogs', blog, true)}`,
    }),
  },
  'POST /api/blogs': { expect: adminOnly(201), request: () => form('POST', '/api/blogs', blog) },
  'PUT /api/blogs/:id': {
    expect: adminOnly(200),
    request: async (ctx) =>
      form('PUT', `/api/blogs/${await adminCreates(ctx, '/api/blogs', blog, true)}`, blog),
  },
  'DELETE /api/blogs/:id': {
    expect: adminOnly(200),
    request: async (ctx) => ({
      method: 'DELETE',
      url: `/api/blogs/${await adminCreates(ctx, '/api/blogs', blog, true)}`,
    }),
  },

  'GET /api/tools': { expect: everyone(200), request: json('GET', '/api/tools') },
  'POST /api/tools': { expect: adminOnly(201), request: json('POST', '/api/tools', tool) },
  'PUT /api/tools/:id': {
    expect: adminOnly(200),
    request: async (ctx) => ({
      method: 'PUT',
      url: `/api/tools/${await adminCreates(ctx, '/api/tools', tool)}`,
      payload: tool,
    }),
  },
  'DELETE /api/tools/:id': {
    expect: adminOnly(200),
    request: async (ctx) => ({
      method: 'DELETE',
      url: `/api/tools/${await adminCreates(ctx, '/api/tools', tool)}`,
    }),
  },

  'GET /api/users': { expect: adminOnly(200), request: json('GET', '/api/users') },
  'POST /api/users': {
    expect: adminOnly(201),
    request: async () => ({
      method: 'POST',
      url: '/api/users',
      payload: { ...newIdentity(), role: 'user' },
    }),
  },
  'PUT /api/users/:id': {
    expect: adminOnly(200),
    request: async (ctx) => {
      const identity = newIdentity();
      const id = await adminCreates(ctx, '/api/users', { ...identity, role: 'user' });
      return {
        method: 'PUT',
        url: `/api/users/${id}`,
        payload: { username: identity.username, email: identity.email, role: 'user' },
      };
    },
  },
  'DELETE /api/users/:id': {
    expect: adminOnly(200),
    request: async (ctx) => ({
      method: 'DELETE',
      url: `/api/users/${await adminCreates(ctx, '/api/users', { ...newIdentity(), role: 'user' })}`,
    }),
  },

  'POST /api/users/:id/reset-link': {
    expect: adminOnly(200),
    request: async (ctx) => ({ method: 'POST', url: `/api/users/${ctx.ownerId}/reset-link` }),
  },

  'GET /api/admin-notifications': {
    expect: signedIn(200),
    request: json('GET', '/api/admin-notifications'),
  },
  'POST /api/admin-notifications/read': {
    expect: signedIn(200),
    request: json('POST', '/api/admin-notifications/read', { ids: [1] }),
  },
  'GET /api/notifications': {
    expect: signedIn(200),
    request: json('GET', '/api/notifications'),
  },
  'POST /api/notifications/read': {
    expect: signedIn(200),
    request: json('POST', '/api/notifications/read', { broadcast_ids: [1], personal_ids: [1] }),
  },
  'POST /api/notifications/read-all': {
    expect: signedIn(200),
    request: json('POST', '/api/notifications/read-all'),
  },
  'POST /api/notifications/:kind/:id/read': {
    expect: ownRow(200),
    request: async (ctx) => {
      await tellUsers(ctx.t.db.kysely, [
        {
          user_id: ctx.ownerId,
          title: 'New PIXEL income: 120 PIXEL in Farm wallet',
          message: '120 PIXEL arrived in Farm wallet.',
          chain_transfer_id: null,
          created_at: new Date().toISOString(),
        },
      ]);
      const { id } = await ctx.t.db.kysely
        .selectFrom('user_notifications')
        .select('id')
        .where('user_id', '=', ctx.ownerId)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      return { method: 'POST', url: `/api/notifications/personal/${id}/read` };
    },
  },
  'POST /api/admin-notifications': {
    expect: adminOnly(201),
    request: json('POST', '/api/admin-notifications', note),
  },
  'PUT /api/admin-notifications/:id': {
    expect: adminOnly(200),
    request: async (ctx) => ({
      method: 'PUT',
      url: `/api/admin-notifications/${await adminCreates(ctx, '/api/admin-notifications', note)}`,
      payload: note,
    }),
  },
  'DELETE /api/admin-notifications/:id': {
    expect: adminOnly(200),
    request: async (ctx) => ({
      method: 'DELETE',
      url: `/api/admin-notifications/${await adminCreates(ctx, '/api/admin-notifications', note)}`,
    }),
  },

  'POST /api/visits': {
    expect: everyone(204),
    request: json('POST', '/api/visits', { path: '/games' }),
  },
  'GET /api/stats': { expect: adminOnly(200), request: json('GET', '/api/stats') },
  'GET /api/visits': { expect: adminOnly(200), request: json('GET', '/api/visits') },

  'GET /api/wallets': { expect: signedIn(200), request: json('GET', '/api/wallets') },
  'POST /api/wallets': {
    expect: signedIn(201),
    request: async () => ({
      method: 'POST',
      url: '/api/wallets',
      payload: { wallet_name: 'W', wallet_address: address() },
    }),
  },
  'PUT /api/wallets/:id': {
    expect: ownRow(200),
    request: async (ctx) => {
      const id = await ownerCreates(ctx, '/api/wallets', {
        wallet_name: 'W',
        wallet_address: address(),
      });
      return {
        method: 'PUT',
        url: `/api/wallets/${id}`,
        payload: { wallet_name: 'W2', wallet_address: address() },
      };
    },
  },
  'DELETE /api/wallets/:id': {
    expect: ownRow(200),
    request: async (ctx) => ({
      method: 'DELETE',
      url: `/api/wallets/${await ownerCreates(ctx, '/api/wallets', { wallet_name: 'W', wallet_address: address() })}`,
    }),
  },
  'GET /api/wallets/export': { expect: signedIn(200), request: json('GET', '/api/wallets/export') },
  'POST /api/wallets/import': {
    expect: signedIn(200),
    request: () =>
      form(
        'POST',
        '/api/wallets/import',
        {},
        { name: 'file', text: `wallet_name,wallet_address\nW,${address()}\n` },
      ),
  },

  // Each caller's own wallets only: the portfolio tests check another's never appear.
  'GET /api/portfolio': { expect: signedIn(200), request: json('GET', '/api/portfolio') },
  'POST /api/portfolio/refresh': {
    expect: signedIn(200),
    request: json('POST', '/api/portfolio/refresh'),
  },
  'GET /api/portfolio/history': {
    expect: signedIn(200),
    request: json('GET', '/api/portfolio/history'),
  },

  'GET /api/links': { expect: signedIn(200), request: json('GET', '/api/links') },
  'POST /api/links': {
    expect: signedIn(201),
    request: json('POST', '/api/links', { title: 'L', url: 'https://example.com' }),
  },
  'PUT /api/links/:id': {
    expect: ownRow(200),
    request: async (ctx) => ({
      method: 'PUT',
      url: `/api/links/${await ownerCreates(ctx, '/api/links', { title: 'L', url: 'https://example.com' })}`,
      payload: { title: 'L2', url: 'https://example.com/2' },
    }),
  },
  'DELETE /api/links/:id': {
    expect: ownRow(200),
    request: async (ctx) => ({
      method: 'DELETE',
      url: `/api/links/${await ownerCreates(ctx, '/api/links', { title: 'L', url: 'https://example.com' })}`,
    }),
  },
  'GET /api/links/export': { expect: signedIn(200), request: json('GET', '/api/links/export') },
  'POST /api/links/import': {
    expect: signedIn(200),
    request: () =>
      form(
        'POST',
        '/api/links/import',
        {},
        { name: 'file', text: 'title,url\nL,https://example.com/i\n' },
      ),
  },

  'GET /api/prices': { expect: everyone(200), request: json('GET', '/api/prices') },
  'GET /api/market': { expect: everyone(200), request: json('GET', '/api/market') },

  // Filtered by the owner's wallet: no one else may read its transfers, admins included.
  'GET /api/activity': {
    expect: ownRow(200),
    request: async (ctx) => ({
      method: 'GET',
      url: `/api/activity?wallet_id=${await ownerCreates(ctx, '/api/wallets', { wallet_name: 'W', wallet_address: address() })}`,
    }),
  },
  'GET /api/activity/export': {
    expect: ownRow(200),
    request: async (ctx) => ({
      method: 'GET',
      url: `/api/activity/export?wallet_id=${await ownerCreates(ctx, '/api/wallets', { wallet_name: 'W', wallet_address: address() })}`,
    }),
  },

  'GET /api/alerts': { expect: signedIn(200), request: json('GET', '/api/alerts') },
  'POST /api/alerts': { expect: signedIn(201), request: json('POST', '/api/alerts', priceAlert) },
  'PATCH /api/alerts/:id': {
    expect: ownRow(200),
    request: async (ctx) => ({
      method: 'PATCH',
      url: `/api/alerts/${await ownerCreates(ctx, '/api/alerts', priceAlert)}`,
      payload: { price: 0.07 },
    }),
  },
  'DELETE /api/alerts/:id': {
    expect: ownRow(200),
    request: async (ctx) => ({
      method: 'DELETE',
      url: `/api/alerts/${await ownerCreates(ctx, '/api/alerts', priceAlert)}`,
    }),
  },
  'GET /api/alerts/settings': {
    expect: signedIn(200),
    request: json('GET', '/api/alerts/settings'),
  },
  'PUT /api/alerts/settings': {
    expect: signedIn(200),
    request: json('PUT', '/api/alerts/settings', { mail_income: true }),
  },

  ...Object.fromEntries(
    (['income-pixels', 'income-axie'] as const).flatMap((name) => [
      [`GET /api/${name}`, { expect: signedIn(200), request: json('GET', `/api/${name}`) }],
      [
        `GET /api/${name}/export`,
        { expect: signedIn(200), request: json('GET', `/api/${name}/export`) },
      ],
      [
        `POST /api/${name}`,
        { expect: signedIn(201), request: json('POST', `/api/${name}`, { income: 1 }) },
      ],
      [
        `PUT /api/${name}/:id`,
        {
          expect: ownRow(200),
          request: async (ctx: Ctx) => ({
            method: 'PUT' as const,
            url: `/api/${name}/${await ownerCreates(ctx, `/api/${name}`, { income: 1 })}`,
            payload: { income: 2 },
          }),
        },
      ],
      [
        `DELETE /api/${name}/:id`,
        {
          expect: ownRow(200),
          request: async (ctx: Ctx) => ({
            method: 'DELETE' as const,
            url: `/api/${name}/${await ownerCreates(ctx, `/api/${name}`, { income: 1 })}`,
          }),
        },
      ],
    ]),
  ),

  // Income found on chain: each user's own suggestions and wallets, admins included.
  ...Object.fromEntries(
    (
      [
        ['income-pixels', 'PIXEL'],
        ['income-axie', 'AXS'],
      ] as const
    ).flatMap(([name, symbol]) => [
      [
        `GET /api/${name}/suggestions`,
        { expect: signedIn(200), request: json('GET', `/api/${name}/suggestions`) },
      ],
      [
        `POST /api/${name}/suggestions/:id/accept`,
        {
          expect: ownRow(201),
          request: async (ctx: Ctx) => ({
            method: 'POST' as const,
            url: `/api/${name}/suggestions/${await ownerReceives(ctx, symbol)}/accept`,
          }),
        },
      ],
      [
        `POST /api/${name}/suggestions/:id/ignore`,
        {
          expect: ownRow(200),
          request: async (ctx: Ctx) => ({
            method: 'POST' as const,
            url: `/api/${name}/suggestions/${await ownerReceives(ctx, symbol)}/ignore`,
          }),
        },
      ],
      [
        `POST /api/${name}/suggestions/accept-all`,
        {
          expect: ownRow(200),
          request: async (ctx: Ctx) => ({
            method: 'POST' as const,
            url: `/api/${name}/suggestions/accept-all`,
            payload: { ids: [await ownerReceives(ctx, symbol)] },
          }),
        },
      ],
      [
        `GET /api/${name}/auto-add`,
        { expect: signedIn(200), request: json('GET', `/api/${name}/auto-add`) },
      ],
      [
        `PUT /api/${name}/auto-add/:id`,
        {
          expect: ownRow(200),
          request: async (ctx: Ctx) => ({
            method: 'PUT' as const,
            url: `/api/${name}/auto-add/${await ownerCreates(ctx, '/api/wallets', { wallet_name: 'W', wallet_address: address() })}`,
            payload: { on: true },
          }),
        },
      ],
    ]),
  ),
};

/** Routes that end the session they are called with. */
const ENDS_SESSION = new Set(['POST /api/logout', 'POST /api/account/logout-all']);

/** Signing out ends the token it is called with, so those rows get tokens of their own. */
async function tokenFor(ctx: Ctx, route: string, role: Exclude<Role, 'guest'>) {
  if (!ENDS_SESSION.has(route)) return ctx.tokens[role];
  const { email, password } = ctx.accounts[role];
  return loginToken(ctx.t.app, email, password);
}

describe('authorization matrix', () => {
  let ctx: Ctx;
  beforeAll(async () => {
    const t = await createTestApp({
      env: {
        PRICE_API_URL: 'http://127.0.0.1:9',
        FX_API_URL: 'http://127.0.0.1:9/fx',
        RONIN_RPC_URL: 'http://127.0.0.1:9',
        UPSTREAM_TIMEOUT: '200ms',
      },
    });
    const adminIdentity = newIdentity('matrix');
    await createAdmin(t.db.kysely, adminIdentity);
    const owner = await registerUser(t.app);
    const other = await registerUser(t.app);
    ctx = {
      t,
      ownerId: owner.id,
      tokens: {
        admin: await loginToken(t.app, adminIdentity.email, adminIdentity.password),
        owner: await loginToken(t.app, owner.email, owner.password),
        other: await loginToken(t.app, other.email, other.password),
      },
      accounts: { admin: adminIdentity, owner, other },
    };
  });
  afterAll(() => ctx.t.close());

  it('has a row for every registered API route, and no row for a route that does not exist', () => {
    const registered = ctx.t.app.apiRouteTable
      .map((route) => `${route.method} ${route.url}`)
      .sort();
    expect(Object.keys(MATRIX).sort()).toEqual(registered);
  });

  it('declares the same access in the route as the matrix expects', () => {
    for (const route of ctx.t.app.apiRouteTable) {
      const row = MATRIX[`${route.method} ${route.url}`]!;
      const declared = route.access === 'public' ? 'guest' : route.access;
      // A public route answers a guest as it answers a signed-in caller; any other wants a token.
      if (declared === 'guest') {
        expect(row.expect.guest, `${route.method} ${route.url}`).toBe(row.expect.owner);
      } else {
        expect(row.expect.guest, `${route.method} ${route.url}`).toBe(401);
      }
      if (declared === 'admin') expect(row.expect.owner, `${route.method} ${route.url}`).toBe(403);
    }
  });

  for (const [route, row] of Object.entries(MATRIX)) {
    it(`${route}: guest ${row.expect.guest}, owner ${row.expect.owner}, other ${row.expect.other}, admin ${row.expect.admin}`, async () => {
      for (const role of ['guest', 'other', 'admin', 'owner'] as const) {
        const request = await row.request(ctx);
        if (route === 'POST /api/register') request.payload = newIdentity();
        const token = role === 'guest' ? undefined : await tokenFor(ctx, route, role);
        const res = await ctx.t.app.inject({
          ...request,
          headers: { ...request.headers, ...(token ? bearer(token) : {}) },
          remoteAddress: `10.77.${['guest', 'other', 'admin', 'owner'].indexOf(role)}.1`,
        });
        expect(res.statusCode, `${role}: ${res.body.slice(0, 200)}`).toBe(row.expect[role]);
        // Signing out everywhere ended the shared token of this role too: it gets a new one.
        if (route === 'POST /api/account/logout-all' && role !== 'guest') {
          const { email, password } = ctx.accounts[role];
          ctx.tokens[role] = await loginToken(ctx.t.app, email, password);
        }
        if (route === 'GET /api/account/export' && token) {
          expect(res.json().account.email).toBe(ctx.accounts[role as Exclude<Role, 'guest'>].email);
        }
        if (res.statusCode >= 400) expect(typeof res.json().message).toBe('string');
      }
    });
  }
});
