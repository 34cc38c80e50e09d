import { test as base, expect, type Page } from '@playwright/test';

export const E2E_ADMIN = {
  email: 'admin@e2e.test',
  username: 'e2eadmin',
  password: 'e2e-admin-password',
} as const;

/** An address whose balances global-setup places on the test Ronin node: 3 RON, 1234.5 PIXEL. */
export const E2E_PORTFOLIO_ADDRESS = '0x00000000000000000000000000000000e2e0f011';

export const test = base.extend<{ pageProblems: string[] }>({
  // The server listens on a free port chosen at start; global-setup passes its address on.
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern.
  baseURL: async ({}, use) => {
    const url = process.env.E2E_BASE_URL;
    if (!url) throw new Error('E2E_BASE_URL is not set: the global setup did not start the server');
    await use(url);
  },
  // Every test also fails on an uncaught page error or anything the CSP had to block.
  pageProblems: [
    async ({ page }, use) => {
      const problems: string[] = [];
      page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
      page.on('console', (message) => {
        if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) {
          problems.push(`CSP: ${message.text()}`);
        }
      });
      await use(problems);
      expect(problems).toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

let counter = 0;

export function newIdentity(prefix = 'e2e') {
  counter += 1;
  const tag = `${prefix}${process.pid}${counter}${Math.random().toString(36).slice(2, 6)}`;
  return { username: tag, email: `${tag}@example.com`, password: 'correct horse battery' };
}

/** Creates an account through the API, faster than the form when the form is not under test. */
export async function registerThroughApi(page: Page, identity = newIdentity()) {
  const res = await page.request.post('/api/register', { data: identity });
  expect(res.status(), await res.text()).toBe(201);
  return identity;
}

export async function tokenThroughApi(page: Page, email: string, password: string) {
  const res = await page.request.post('/api/login', { data: { email, password } });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

/** Hands the page a session as the app keeps one, from `path` (any page of the app). */
export async function useToken(page: Page, token: string, path = '/') {
  await page.goto(path);
  await page.evaluate((value) => localStorage.setItem('token', value), token);
}

/** A new account, registered and signed in through the API, whose session the page then holds. */
export async function signUpThroughApi(page: Page, path = '/') {
  const identity = await registerThroughApi(page);
  const token = await tokenThroughApi(page, identity.email, identity.password);
  await useToken(page, token, path);
  return { ...identity, token };
}

/** Opens Sign Up from the header, fills it in for `identity` and sends it; returns the dialog. */
export async function signUpInModal(page: Page, identity: ReturnType<typeof newIdentity>) {
  await page.getByRole('banner').getByRole('button', { name: 'Sign Up' }).click();
  const signUp = page.getByRole('dialog', { name: 'Sign Up' });
  await signUp.getByLabel('Username').fill(identity.username);
  await signUp.getByLabel('Email').fill(identity.email);
  await signUp.getByLabel('Password', { exact: true }).fill(identity.password);
  await signUp.getByLabel('Confirm Password').fill(identity.password);
  await signUp.getByRole('button', { name: 'Sign Up' }).click();
  return signUp;
}
