import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetTokenIn, startSmtpInbox, type SmtpInbox } from '../../../../../harness/smtp-inbox.js';
import { loginToken, registerUser } from '../../support/accounts.js';
import { createTestApp, TEST_ENGINE, type TestApp } from '../../support/test-app.js';

const NEW_PASSWORD = 'a brand new passphrase';

let addressCounter = 0;
/** A distinct client address per call, so that the per-address limit does not get in the way. */
const nextAddress = () => {
  addressCounter += 1;
  return `10.${Math.floor(addressCounter / 250) % 250}.${addressCounter % 250}.9`;
};

describe(`checking a reset link before using it on ${TEST_ENGINE}`, () => {
  let t: TestApp;
  let inbox: SmtpInbox;

  beforeAll(async () => {
    inbox = await startSmtpInbox();
    t = await createTestApp({
      env: { SMTP_URL: inbox.url, PUBLIC_URL: 'https://play.example.com' },
    });
  });
  afterAll(async () => {
    await t.close();
    await inbox.close();
  });

  const check = (token: string, remoteAddress = nextAddress()) =>
    t.app.inject({
      method: 'POST',
      url: '/api/password/reset/check',
      payload: { token },
      remoteAddress,
    });
  const reset = (token: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/password/reset',
      payload: { token, new_password: NEW_PASSWORD, confirm_password: NEW_PASSWORD },
      remoteAddress: nextAddress(),
    });

  async function mailedToken() {
    const account = await registerUser(t.app);
    const before = inbox.messages.length;
    await t.app.inject({
      method: 'POST',
      url: '/api/password/forgot',
      payload: { email: account.email },
      remoteAddress: nextAddress(),
    });
    return { account, token: resetTokenIn(await inbox.waitFor(account.email, { after: before })) };
  }

  it('says a live link is usable, and checking leaves it usable', async () => {
    const { account, token } = await mailedToken();
    for (let i = 0; i < 2; i += 1) {
      const res = await check(token);
      expect(res.statusCode, res.body).toBe(200);
      // Whether it is usable, and nothing of the account behind it.
      expect(res.json()).toEqual({ usable: true });
    }
    expect((await reset(token)).statusCode).toBe(200);
    expect(await loginToken(t.app, account.email, NEW_PASSWORD)).toBeTruthy();
  });

  it('says a used, an expired and a forged link are not usable', async () => {
    const used = await mailedToken();
    expect((await reset(used.token)).statusCode).toBe(200);
    expect((await check(used.token)).json()).toEqual({ usable: false });

    const expired = await mailedToken();
    await t.db.kysely
      .updateTable('password_resets')
      .set({ expires_at: Math.floor(Date.now() / 1000) - 1 })
      .where('user_id', '=', expired.account.id)
      .execute();
    expect((await check(expired.token)).json()).toEqual({ usable: false });

    expect((await check(randomBytes(32).toString('base64url'))).json()).toEqual({ usable: false });
  });

  it('refuses a malformed token in the one error shape', async () => {
    const res = await check('not-a-token');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.token).toBe('This reset link is invalid or has expired.');
  });

  it('is limited per address as using a link is (20 in 15 minutes)', async () => {
    const address = nextAddress();
    const forged = randomBytes(32).toString('base64url');
    for (let i = 0; i < 20; i += 1) expect((await check(forged, address)).statusCode).toBe(200);
    const refused = await check(forged, address);
    expect(refused.statusCode).toBe(429);
    expect(typeof refused.json().message).toBe('string');
  });

  it('is in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const operation = doc.paths['/api/password/reset/check']?.post;
    expect(operation).toBeDefined();
    expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['200', '400', '429']));
  });
});
