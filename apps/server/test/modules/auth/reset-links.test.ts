import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetTokenIn, startSmtpInbox, type SmtpInbox } from '../../../../../harness/smtp-inbox.js';
import { RESET_RESEND_AFTER_MINUTES } from '../../../src/modules/auth/password-reset.service.js';
import { loginToken, newIdentity, registerUser, signInAdmin } from '../../support/accounts.js';
import { apiCall } from '../../support/content.js';
import { createTestApp, TEST_ENGINE, type TestApp } from '../../support/test-app.js';

const NEW_PASSWORD = 'a brand new passphrase';

/** A distinct client address per call, so the per-address limit (5 in 15 minutes) stays out of it. */
let addressCounter = 0;
const nextAddress = () => {
  addressCounter += 1;
  return `10.77.${Math.floor(addressCounter / 250) % 250}.${addressCounter % 250}`;
};

describe(`reset links: voided by account changes, kept against repeat requests, on ${TEST_ENGINE}`, () => {
  let t: TestApp;
  let inbox: SmtpInbox;
  let adminToken: string;

  beforeAll(async () => {
    inbox = await startSmtpInbox();
    t = await createTestApp({
      env: { SMTP_URL: inbox.url, PUBLIC_URL: 'https://play.example.com' },
    });
    adminToken = (await signInAdmin(t)).token;
  });
  afterAll(async () => {
    await t.close();
    await inbox.close();
  });

  const forgot = (email: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/password/forgot',
      payload: { email },
      remoteAddress: nextAddress(),
    });
  const reset = (token: string, password = NEW_PASSWORD) =>
    t.app.inject({
      method: 'POST',
      url: '/api/password/reset',
      payload: { token, new_password: password, confirm_password: password },
      remoteAddress: nextAddress(),
    });

  /** Asks for a link and reads it from the mail the SMTP server received. */
  async function mailedLink(email: string) {
    const before = inbox.messages.length;
    expect((await forgot(email)).statusCode).toBe(202);
    return resetTokenIn(await inbox.waitFor(email, { after: before }));
  }

  /** Requests answer before their work is done: a later mail to someone else marks the end. */
  async function settle() {
    const marker = await registerUser(t.app, newIdentity('marker'));
    await mailedLink(marker.email);
  }

  const mailsTo = (email: string, after: number) =>
    inbox.messages.slice(after).filter((mail) => mail.to.includes(email)).length;

  /** Makes the account's outstanding link look `minutes` older than it is. */
  const ageLink = (userId: number, minutes: number) =>
    t.db.kysely
      .updateTable('password_resets')
      .set((eb) => ({ expires_at: eb('expires_at', '-', minutes * 60) }))
      .where('user_id', '=', userId)
      .execute();

  describe('finding 5: a change of the account voids its outstanding link', () => {
    it('when an admin changes the email (the link went to the old address)', async () => {
      const account = await registerUser(t.app);
      const token = await mailedLink(account.email);
      const moved = `moved.${account.email}`;
      const res = await apiCall(t.app, 'PUT', `/api/users/${account.id}`, adminToken, {
        username: account.username,
        email: moved,
        role: 'user',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect((await reset(token)).statusCode).toBe(400);
      // The account is untouched: its password is still the old one.
      await expect(loginToken(t.app, moved, account.password)).resolves.toBeTypeOf('string');
    });

    it('when an admin changes the role', async () => {
      const account = await registerUser(t.app);
      const token = await mailedLink(account.email);
      const res = await apiCall(t.app, 'PUT', `/api/users/${account.id}`, adminToken, {
        username: account.username,
        email: account.email,
        role: 'admin',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect((await reset(token)).statusCode).toBe(400);
    });

    it('when the owner signs out everywhere', async () => {
      const account = await registerUser(t.app);
      const session = await loginToken(t.app, account.email, account.password);
      const token = await mailedLink(account.email);
      const res = await apiCall(t.app, 'POST', '/api/account/logout-all', session);
      expect(res.statusCode, res.body).toBe(200);
      expect((await reset(token)).statusCode).toBe(400);
    });

    it('when the owner changes the password', async () => {
      const account = await registerUser(t.app);
      const session = await loginToken(t.app, account.email, account.password);
      const token = await mailedLink(account.email);
      const res = await apiCall(t.app, 'POST', '/api/account/password', session, {
        current_password: account.password,
        new_password: NEW_PASSWORD,
        confirm_password: NEW_PASSWORD,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect((await reset(token, 'yet another fresh passphrase')).statusCode).toBe(400);
    });

    it('but not when only the username changes', async () => {
      const account = await registerUser(t.app);
      const token = await mailedLink(account.email);
      const res = await apiCall(t.app, 'PUT', `/api/users/${account.id}`, adminToken, {
        username: `${account.username}x`,
        email: account.email,
        role: 'user',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect((await reset(token)).statusCode).toBe(200);
    });
  });

  describe('finding 6: a stranger repeating the request cannot void the owner’s link', () => {
    it(`sends nothing and voids nothing while the link is under ${RESET_RESEND_AFTER_MINUTES} minutes old`, async () => {
      const owner = await registerUser(t.app);
      const before = inbox.messages.length;
      const token = await mailedLink(owner.email);
      for (let i = 0; i < 6; i += 1) expect((await forgot(owner.email)).statusCode).toBe(202);
      await settle();
      expect(mailsTo(owner.email, before)).toBe(1);
      expect((await reset(token)).statusCode).toBe(200);
    });

    it('sends a new link, voiding the old, once the old one is older than that', async () => {
      const owner = await registerUser(t.app);
      const first = await mailedLink(owner.email);
      await ageLink(owner.id, RESET_RESEND_AFTER_MINUTES + 1);
      const second = await mailedLink(owner.email);
      expect(second).not.toBe(first);
      expect((await reset(first)).statusCode).toBe(400);
      expect((await reset(second)).statusCode).toBe(200);
    });

    it('counts only mails sent against the 3 an hour: requests that sent nothing leave the owner theirs', async () => {
      const owner = await registerUser(t.app);
      const before = inbox.messages.length;
      await mailedLink(owner.email);
      // A stranger asks again and again while the owner's link is fresh.
      for (let i = 0; i < 8; i += 1) await forgot(owner.email);
      await settle();
      // The owner signs in (the link is dropped), later forgets the password again: two more
      // mails are theirs, the quota's third and last.
      for (let round = 0; round < 2; round += 1) {
        await loginToken(t.app, owner.email, owner.password);
        await mailedLink(owner.email);
      }
      await loginToken(t.app, owner.email, owner.password);
      await forgot(owner.email);
      await settle();
      expect(mailsTo(owner.email, before)).toBe(3);
    });

    it('of two requests racing with no link outstanding, one mails and the other keeps its link', async () => {
      const owner = await registerUser(t.app);
      const before = inbox.messages.length;
      await Promise.all(Array.from({ length: 4 }, () => forgot(owner.email)));
      // The four race on the account's row, and a marker's mail asked for afterwards can arrive
      // before the winner's: wait for the owner's mail itself, then for two markers, by which
      // time a second mail to the owner (the fault this looks for) would have been sent too.
      const mail = await inbox.waitFor(owner.email, { after: before });
      await settle();
      await settle();
      expect(mailsTo(owner.email, before)).toBe(1);
      expect((await reset(resetTokenIn(mail))).statusCode).toBe(200);
    });
  });
});
