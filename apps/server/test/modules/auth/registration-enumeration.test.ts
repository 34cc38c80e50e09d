import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config.js';
import { newIdentity, registerUser } from '../../support/accounts.js';
import { createTestApp, TEST_ENGINE, type TestApp } from '../../support/test-app.js';

/**
 * Registration says "This email is already registered" (SPEC: the form shows the server's email
 * error), so it tells whether an email has an account. What bounds that (docs/decisions/004) is
 * the per-address limit at its default: 20 registration requests an hour, refused or not, an IPv6
 * /64 counting as one address.
 */
const REGISTER_PER_HOUR = 20;

describe(`registration as an email oracle is bounded by its rate limit, on ${TEST_ENGINE}`, () => {
  let t: TestApp;
  let known: { email: string };

  it('is the default of REGISTER_MAX_PER_HOUR', () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    });
    expect(config.registerPerHour).toBe(REGISTER_PER_HOUR);
  });

  beforeAll(async () => {
    // The default limit, where the other tests raise it out of their way.
    t = await createTestApp({ env: { REGISTER_MAX_PER_HOUR: String(REGISTER_PER_HOUR) } });
    known = await registerUser(t.app, newIdentity('known'));
  });
  afterAll(() => t.close());

  const probe = (email: string, remoteAddress: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { ...newIdentity('probe'), email },
      remoteAddress,
    });

  it(`answers ${REGISTER_PER_HOUR} probes an hour from one address, refused ones included, then only 429`, async () => {
    const address = '198.51.100.20';
    const answers: number[] = [];
    for (let i = 0; i < REGISTER_PER_HOUR; i += 1) {
      const email = i % 2 ? known.email : newIdentity('fresh').email;
      answers.push((await probe(email, address)).statusCode);
    }
    expect(answers.filter((code) => code === 409)).toHaveLength(REGISTER_PER_HOUR / 2);
    expect(answers.filter((code) => code === 201)).toHaveLength(REGISTER_PER_HOUR / 2);
    // Past the limit the answer is the same for a registered email and a new one.
    for (const email of [known.email, newIdentity('fresh').email]) {
      const res = await probe(email, address);
      expect(res.statusCode).toBe(429);
      expect(res.json().message).toMatch(/^Too many requests/u);
    }
  });

  it('counts every address of an IPv6 /64 as one (the plugin’s default, kept)', async () => {
    const answers: number[] = [];
    for (let i = 1; i <= REGISTER_PER_HOUR + 5; i += 1) {
      // A fresh address of the same /64 for every probe.
      answers.push((await probe(known.email, `2001:db8:77:1::${i.toString(16)}`)).statusCode);
    }
    expect(answers.slice(0, REGISTER_PER_HOUR).every((code) => code === 409)).toBe(true);
    expect(answers.slice(REGISTER_PER_HOUR)).toEqual([429, 429, 429, 429, 429]);
    // Another /64 is another client.
    expect((await probe(known.email, '2001:db8:77:2::1')).statusCode).toBe(409);
  });
});
