import type { APIRequestContext, APIResponse } from '@playwright/test';
import { E2E_ADMIN, expect } from './fixtures.js';

/**
 * Content at the longest each field allows, mostly without a space to break at: names, titles,
 * URLs, addresses, categories and descriptions as long as the contract lets anyone store them.
 */

const tag = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** An unbroken word of exactly `length` characters that starts with `start`. */
export function unbroken(start: string, length: number): string {
  return (start + 'Wide'.repeat(Math.ceil(length / 4))).slice(0, length);
}

/** Prose with one very long word in it, as a pasted address or hash would be. */
const proseWith = (word: string, length: number) =>
  `Before the long word ${word} `.padEnd(length, 'and more words after it ').slice(0, length);

const longUrl = (host: string, length: number) =>
  `https://${host}.example.com/${'deep-path/'.repeat(length)}`.slice(0, length);

export type LongContent = {
  user: { username: string; email: string; password: string; token: string };
  adminToken: string;
  gameName: string;
  postId: number;
  postTitle: string;
  toolName: string;
  notificationTitle: string;
  walletName: string;
  linkTitle: string;
  expenseDescription: string;
  /** Rows every visitor sees, removed afterwards: [API path, id]. */
  shared: [string, number][];
};

async function created(response: Promise<APIResponse>) {
  const res = await response;
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as Record<string, unknown>;
}

async function tokenFor(api: APIRequestContext, email: string, password: string) {
  const res = await api.post('/api/login', { data: { email, password } });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

async function createUser(api: APIRequestContext) {
  const t = tag();
  // The longest username and a long email, both shown in the header's menu and in the admin table.
  const username = unbroken(`u${t}`, 32);
  const email = `${unbroken(`m${t}`, 64)}@${unbroken('mail', 60)}.example.com`.toLowerCase();
  const password = 'correct horse battery';
  await created(api.post('/api/register', { data: { username, email, password } }));
  return { username, email, password, token: await tokenFor(api, email, password) };
}

export async function seedLongContent(api: APIRequestContext): Promise<LongContent> {
  const t = tag();
  const adminToken = await tokenFor(api, E2E_ADMIN.email, E2E_ADMIN.password);
  const asAdmin = { authorization: `Bearer ${adminToken}` };
  const user = await createUser(api);
  const asUser = { authorization: `Bearer ${user.token}` };
  const shared: [string, number][] = [];
  const share = (path: string, body: Record<string, unknown>) => {
    shared.push([path, body.id as number]);
    return body;
  };

  const gameName = unbroken(`Game${t}`, 120);
  for (const name of [unbroken(`Short${t}`, 42), gameName]) {
    const game = await created(
      api.post('/api/games', {
        headers: asAdmin,
        multipart: {
          name,
          description: proseWith(unbroken('Lore', 300), 2000),
          link: longUrl('game', 2000),
        },
      }),
    );
    share('/api/games', game);
  }

  const postTitle = unbroken(`Post${t}`, 200);
  const post = share(
    '/api/blogs',
    await created(
      api.post('/api/blogs', {
        headers: asAdmin,
        multipart: {
          title: postTitle,
          author: unbroken('Author', 100),
          date: '2025-06-01',
          description: proseWith(unbroken('Summary', 200), 500),
          content: [
            `<h1>${unbroken('Heading', 150)}</h1>`,
            `<p>${proseWith(unbroken('Body', 400), 1200)}</p>`,
            `<p><a href="${longUrl('source', 600)}">${longUrl('source', 600)}</a></p>`,
            `<ul><li>${unbroken('Item', 300)}</li></ul>`,
          ].join(''),
        },
      }),
    ),
  );

  const toolName = unbroken(`Tool${t}`, 80);
  share(
    '/api/tools',
    await created(
      api.post('/api/tools', {
        headers: asAdmin,
        data: {
          name: toolName,
          icon: 'an-icon-name-that-the-icon-set-does-not-have',
          description: proseWith(unbroken('Does', 300), 500),
          link: longUrl('tool', 2000),
        },
      }),
    ),
  );

  const notificationTitle = unbroken(`Note${t}`, 120);
  const notification = await created(
    api.post('/api/admin-notifications', {
      headers: asAdmin,
      data: { title: notificationTitle, message: proseWith(unbroken('Message', 500), 2000) },
    }),
  );
  share('/api/admin-notifications', notification.notification as Record<string, unknown>);

  const walletName = unbroken(`Wallet${t}`, 100);
  await created(
    api.post('/api/wallets', {
      headers: asUser,
      data: {
        wallet_name: walletName,
        wallet_address: `ronin:${'ab'.repeat(20)}`,
        category: unbroken('Category', 50),
      },
    }),
  );
  // Beside each full row, one with every optional field left empty: an empty cell draws its own
  // placeholder (and text for assistive technology), which must keep to the table's frame too.
  await created(
    api.post('/api/wallets', {
      headers: asUser,
      data: { wallet_name: unbroken(`Bare${t}`, 100), wallet_address: `ronin:${'cd'.repeat(20)}` },
    }),
  );
  const linkTitle = unbroken(`Link${t}`, 200);
  await created(
    api.post('/api/links', {
      headers: asUser,
      data: { title: linkTitle, url: longUrl('link', 2048), category: unbroken('Category', 50) },
    }),
  );
  await created(
    api.post('/api/links', {
      headers: asUser,
      data: { title: unbroken(`Bare${t}`, 200), url: longUrl('bare', 2048) },
    }),
  );
  const expenseDescription = unbroken(`Expense${t}`, 200);
  for (const path of ['/api/income-pixels', '/api/income-axie']) {
    await created(
      api.post(path, {
        headers: asUser,
        data: {
          income: 999_999_999,
          expense: 999_999_999,
          expense_description: expenseDescription,
          date: '2025-06-01',
        },
      }),
    );
    await created(api.post(path, { headers: asUser, data: { date: '2025-06-02' } }));
  }

  return {
    user,
    adminToken,
    gameName,
    postId: post.id as number,
    postTitle,
    toolName,
    notificationTitle,
    walletName,
    linkTitle,
    expenseDescription,
    shared,
  };
}

export async function removeSharedContent(api: APIRequestContext, content: LongContent) {
  const headers = { authorization: `Bearer ${content.adminToken}` };
  for (const [path, id] of content.shared) {
    const res = await api.delete(`${path}/${id}`, { headers });
    expect([200, 204], `${path}/${id}: ${await res.text()}`).toContain(res.status());
  }
}
