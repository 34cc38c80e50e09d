import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../../src/app.js';
import { registerUser } from '../../support/accounts.js';
import { createSharedPair, dropRedisPrefix, TEST_REDIS_URL } from '../../support/shared-pair.js';
import { createTestApp } from '../../support/test-app.js';

const REFUSED = 'Too many failed sign-in attempts. Please try again in 15 minutes.';

type Running = { app: App; close(): Promise<void> };

/** One instance, counting in memory or (when TEST_REDIS_URL is set) in Redis. */
const setups: { name: string; start(): Promise<Running> }[] = [
  { name: 'in memory', start: () => createTestApp() },
  ...(TEST_REDIS_URL
    ? [
        {
          name: 'in Redis',
          async start(): Promise<Running> {
            const prefix = `test-${randomBytes(6).toString('hex')}:`;
            const t = await createTestApp({
              env: { REDIS_URL: TEST_REDIS_URL!, REDIS_PREFIX: prefix },
            });
            return {
              app: t.app,
              async close() {
                await t.close();
                await dropRedisPrefix(TEST_REDIS_URL!, prefix);
              },
            };
          },
        },
      ]
    : []),
];

const signIn = (app: App, email: string, password: string, remoteAddress: string) =>
  app.inject({ method: 'POST', url: '/api/login', payload: { email, password }, remoteAddress });

/** How many answers had each status, e.g. { 401: 10, 429: 190 }. */
function tally(answers: { statusCode: number }[]) {
  const counts: Record<number, number> = {};
  for (const { statusCode } of answers) counts[statusCode] = (counts[statusCode] ?? 0) + 1;
  return counts;
}

describe.each(setups)('sign-in throttle, $name', (setup) => {
  let app: App;
  let running: Running;
  beforeAll(async () => {
    running = await setup.start();
    app = running.app;
  });
  afterAll(() => running.close());

  it('checks at most 10 of 200 parallel guesses at one account from one address', async () => {
    const user = await registerUser(app);
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => signIn(app, user.email, `wrong-${i}`, '10.10.0.1')),
    );
    expect(tally(answers)).toEqual({ 401: 10, 429: 190 });
    const refused = answers.find((answer) => answer.statusCode === 429)!;
    expect(refused.json()).toEqual({ message: REFUSED });
    expect((await signIn(app, user.email, user.password, '10.10.0.1')).statusCode).toBe(429);
  });

  it('checks at most 10 parallel guesses at one account from 200 new addresses', async () => {
    const user = await registerUser(app);
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        signIn(app, user.email, `wrong-${i}`, `10.11.${i >> 8}.${i & 255}`),
      ),
    );
    expect(tally(answers)).toEqual({ 401: 10, 429: 190 });
    // An address that has never signed in to the account is refused while the attack lasts.
    expect((await signIn(app, user.email, user.password, '10.11.9.9')).statusCode).toBe(429);
  });

  it('refuses an address that guesses at many accounts, and only that address', async () => {
    for (let i = 0; i < 10; i += 1) {
      const res = await signIn(app, `ghost${i}@example.com`, 'whatever-password', '10.12.0.1');
      expect(res.statusCode).toBe(401);
    }
    const other = await registerUser(app);
    expect((await signIn(app, other.email, other.password, '10.12.0.1')).statusCode).toBe(429);
    expect((await signIn(app, other.email, other.password, '10.12.0.2')).statusCode).toBe(200);
  });

  it('counts an IPv6 /64 as one address', async () => {
    for (let i = 1; i <= 10; i += 1) {
      const res = await signIn(app, `ghost6-${i}@example.com`, 'whatever', `2001:db8:1:2::${i}`);
      expect(res.statusCode).toBe(401);
    }
    const other = await registerUser(app);
    const sameNetwork = await signIn(app, other.email, other.password, '2001:db8:1:2:ab::1');
    expect(sameNetwork.statusCode).toBe(429);
    expect((await signIn(app, other.email, other.password, '2001:db8:1:3::1')).statusCode).toBe(
      200,
    );
  });

  it('lets the owner in from an address that signed in before while others guess', async () => {
    const owner = await registerUser(app);
    const home = '10.13.0.1';
    expect((await signIn(app, owner.email, owner.password, home)).statusCode).toBe(200);

    const fromOne = await Promise.all(
      Array.from({ length: 15 }, (_, i) => signIn(app, owner.email, `wrong-${i}`, '10.13.1.1')),
    );
    const fromMany = await Promise.all(
      Array.from({ length: 50 }, (_, i) => signIn(app, owner.email, `wrong-${i}`, `10.13.2.${i}`)),
    );
    // The first ten from one address also fill the account's count, which then holds off the rest.
    expect(tally([...fromOne, ...fromMany])).toEqual({ 401: 10, 429: 55 });

    expect((await signIn(app, owner.email, owner.password, home)).statusCode).toBe(200);
    // The owner's success does not reopen the account to the guessers.
    expect((await signIn(app, owner.email, 'one-more-guess', '10.13.3.1')).statusCode).toBe(429);
    expect((await signIn(app, owner.email, 'one-more-guess', '10.13.1.1')).statusCode).toBe(429);
  });

  it('does not count a sign-in that succeeds', async () => {
    const user = await registerUser(app);
    for (let i = 0; i < 12; i += 1)
      expect((await signIn(app, user.email, user.password, '10.14.0.1')).statusCode).toBe(200);
    for (let i = 0; i < 10; i += 1)
      expect((await signIn(app, user.email, `wrong-${i}`, '10.14.0.1')).statusCode).toBe(401);
    expect((await signIn(app, user.email, user.password, '10.14.0.1')).statusCode).toBe(429);
  });
});

describe.skipIf(!TEST_REDIS_URL)('sign-in throttle, two instances sharing Redis', () => {
  let pair: Awaited<ReturnType<typeof createSharedPair>>;
  beforeAll(async () => {
    pair = await createSharedPair();
  });
  afterAll(() => pair.close());

  it('checks at most 10 of 200 parallel guesses made on both', async () => {
    const user = await registerUser(pair.a);
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        signIn(i % 2 ? pair.a : pair.b, user.email, `wrong-${i}`, '10.20.0.1'),
      ),
    );
    expect(tally(answers)).toEqual({ 401: 10, 429: 190 });
  });

  it('checks at most 10 of 200 parallel guesses from as many addresses on both', async () => {
    const user = await registerUser(pair.a);
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        signIn(i % 2 ? pair.a : pair.b, user.email, `wrong-${i}`, `10.21.${i >> 8}.${i & 255}`),
      ),
    );
    expect(tally(answers)).toEqual({ 401: 10, 429: 190 });
  });

  it('lets the owner in on either instance from an address known to the other', async () => {
    const owner = await registerUser(pair.a);
    expect((await signIn(pair.a, owner.email, owner.password, '10.22.0.1')).statusCode).toBe(200);
    await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        signIn(i % 2 ? pair.a : pair.b, owner.email, `wrong-${i}`, `10.22.1.${i}`),
      ),
    );
    expect((await signIn(pair.b, owner.email, owner.password, '10.22.0.1')).statusCode).toBe(200);
    expect((await signIn(pair.b, owner.email, owner.password, '10.22.2.1')).statusCode).toBe(429);
  });
});
