import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORGOT_PASSWORD_ANSWER, RESET_TOKEN_REFUSED } from '@nexusplay/contract/account';
import { resetTokenIn, startSmtpInbox, type SmtpInbox } from '../../../../../harness/smtp-inbox.js';
import { loginToken, newIdentity, registerUser, signInAdmin } from '../../support/accounts.js';
import { apiCall } from '../../support/content.js';
import { createTestApp, TEST_ENGINE, type TestApp } from '../../support/test-app.js';

const PUBLIC_URL = 'https://play.example.com';
const NEW_PASSWORD = 'a brand new passphrase';
const PASSWORD_CHANGED =
  'You were signed out because the password of this account was changed. Please sign in with the new password.';

type LogLine = Record<string, unknown> & { level: number; msg: string };

/** A distinct client address per call, so that the per-address limit does not get in the way. */
let addressCounter = 0;
const nextAddress = () => {
  addressCounter += 1;
  return `10.${Math.floor(addressCounter / 250) % 250}.${addressCounter % 250}.7`;
};

async function forgot(t: TestApp, email: string, remoteAddress = nextAddress()) {
  return t.app.inject({
    method: 'POST',
    url: '/api/password/forgot',
    payload: { email },
    remoteAddress,
  });
}

function reset(t: TestApp, token: string, password = NEW_PASSWORD) {
  return t.app.inject({
    method: 'POST',
    url: '/api/password/reset',
    payload: { token, new_password: password, confirm_password: password },
    remoteAddress: nextAddress(),
  });
}

const me = (t: TestApp, token: string) => apiCall(t.app, 'GET', '/api/me', token);

describe(`password reset by mail on ${TEST_ENGINE}`, () => {
  let t: TestApp;
  let inbox: SmtpInbox;

  beforeAll(async () => {
    inbox = await startSmtpInbox();
    t = await createTestApp({
      env: {
        SMTP_URL: inbox.url,
        PUBLIC_URL,
        SITE_NAME: 'Nexus Test',
        MAIL_FROM: 'Nexus <mail@example.com>',
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await inbox.close();
  });

  it('mails a known account a link that sets the password once and ends every session', async () => {
    const account = await registerUser(t.app);
    const [laptop, phone] = [
      await loginToken(t.app, account.email, account.password),
      await loginToken(t.app, account.email, account.password),
    ];
    // Both sessions checked, and kept in memory, before the reset ends them.
    for (const session of [laptop, phone]) expect((await me(t, session)).statusCode).toBe(200);
    const before = inbox.messages.length;

    const res = await forgot(t, account.email.toUpperCase());
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ message: FORGOT_PASSWORD_ANSWER });

    const mail = await inbox.waitFor(account.email, { after: before });
    expect(mail.subject).toContain('Nexus Test');
    const token = resetTokenIn(mail);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(mail.text).toContain(`${PUBLIC_URL}/reset-password?token=${token}`);
    expect(mail.text).toContain('30 minutes');
    expect(mail.text).toContain('kata sandi');
    expect(mail.html).toContain(`href="${PUBLIC_URL}/reset-password?token=${token}"`);
    expect(mail.html).toContain('lang="id"');

    // Only a hash of the token is stored.
    const stored = await t.db.kysely.selectFrom('password_resets').selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain(token);

    const done = await reset(t, token);
    expect(done.statusCode, done.body).toBe(200);
    // The devices signed out by the reset are told why, as after a change of password.
    for (const old of [laptop, phone])
      expect((await me(t, old)).json()).toEqual({ message: PASSWORD_CHANGED });
    const fresh = await loginToken(t.app, account.email, NEW_PASSWORD);
    expect((await me(t, fresh)).statusCode).toBe(200);
    await expect(loginToken(t.app, account.email, account.password)).rejects.toThrow(/401/);

    const again = await reset(t, token, 'yet another passphrase');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      message: RESET_TOKEN_REFUSED,
      errors: { token: RESET_TOKEN_REFUSED },
    });
  });

  it('answers an unknown email exactly as a known one, and mails nobody', async () => {
    const known = await registerUser(t.app);
    const stranger = newIdentity('stranger').email;
    const [a, b] = [await forgot(t, stranger), await forgot(t, known.email)];
    expect(a.statusCode).toBe(b.statusCode);
    expect(a.body).toBe(b.body);
    expect(Object.keys(a.headers).sort()).toEqual(Object.keys(b.headers).sort());
    // The known account's mail arrives; by then the stranger's request has long been handled.
    await inbox.waitFor(known.email);
    expect(inbox.messages.some((mail) => mail.to.includes(stranger))).toBe(false);
  });

  it('refuses a forged, a malformed and an expired token', async () => {
    const forged = await reset(t, randomBytes(32).toString('base64url'));
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toBe(RESET_TOKEN_REFUSED);
    const malformed = await reset(t, 'not-a-token');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors.token).toBeDefined();

    const account = await registerUser(t.app);
    const before = inbox.messages.length;
    await forgot(t, account.email);
    const token = resetTokenIn(await inbox.waitFor(account.email, { after: before }));
    await t.db.kysely
      .updateTable('password_resets')
      .set({ expires_at: Math.floor(Date.now() / 1000) - 1 })
      .execute();
    const expired = await reset(t, token);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe(RESET_TOKEN_REFUSED);
    expect(await loginToken(t.app, account.email, account.password)).toBeTruthy();
  });

  it('keeps only the newest link working, and drops it when the owner signs in', async () => {
    const account = await registerUser(t.app);
    let before = inbox.messages.length;
    await forgot(t, account.email);
    const first = resetTokenIn(await inbox.waitFor(account.email, { after: before }));
    // A new request replaces a link only once it is a few minutes old (reset-links.test.ts).
    await t.db.kysely
      .updateTable('password_resets')
      .set((eb) => ({ expires_at: eb('expires_at', '-', 600) }))
      .where('user_id', '=', account.id)
      .execute();
    before = inbox.messages.length;
    await forgot(t, account.email);
    const second = resetTokenIn(await inbox.waitFor(account.email, { after: before }));
    expect(second).not.toBe(first);
    expect((await reset(t, first)).statusCode).toBe(400);

    await loginToken(t.app, account.email, account.password);
    expect((await reset(t, second)).statusCode).toBe(400);
  });

  it('holds the new password to the registration rules and keeps the link for a second try', async () => {
    const account = await registerUser(t.app);
    const before = inbox.messages.length;
    await forgot(t, account.email);
    const token = resetTokenIn(await inbox.waitFor(account.email, { after: before }));
    const common = await reset(t, token, 'password123');
    expect(common.statusCode).toBe(400);
    expect(common.json().errors.new_password).toMatch(/commonly used password/);
    const own = await reset(t, token, account.username);
    expect(own.statusCode).toBe(400);
    const mismatch = await t.app.inject({
      method: 'POST',
      url: '/api/password/reset',
      payload: { token, new_password: NEW_PASSWORD, confirm_password: 'something else' },
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().errors.confirm_password).toBe('Passwords do not match.');
    expect((await reset(t, token)).statusCode).toBe(200);
  });

  it('limits requests per address (5 in 15 minutes) and mails per email (3 an hour, counting mails sent)', async () => {
    const address = nextAddress();
    const stranger = newIdentity('limit').email;
    for (let i = 0; i < 5; i += 1)
      expect((await forgot(t, stranger, address)).statusCode).toBe(202);
    const refused = await forgot(t, stranger, address);
    expect(refused.statusCode).toBe(429);
    expect(typeof refused.json().message).toBe('string');

    const account = await registerUser(t.app);
    const before = inbox.messages.length;
    // Each link is made a few minutes old before the next request, which then replaces it.
    for (let i = 0; i < 5; i += 1) {
      await t.db.kysely
        .updateTable('password_resets')
        .set((eb) => ({ expires_at: eb('expires_at', '-', 600) }))
        .where('user_id', '=', account.id)
        .execute();
      expect((await forgot(t, account.email)).statusCode).toBe(202);
      if (i < 3) await inbox.waitFor(account.email, { after: before + i });
    }
    await inbox.waitFor(account.email, { after: before });
    // A later mail to another account shows the queue has been worked through.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const later = await registerUser(t.app);
    await forgot(t, later.email);
    await inbox.waitFor(later.email, { after: before });
    const mails = inbox.messages.slice(before).filter((mail) => mail.to.includes(account.email));
    expect(mails).toHaveLength(3);
  });

  it('answers known and unknown emails in the same time (median ratio between 0.5 and 2)', async () => {
    const account = await registerUser(t.app);
    const timings = { known: [] as number[], unknown: [] as number[] };
    for (let i = 0; i < 40; i += 1) {
      for (const kind of i % 2
        ? (['known', 'unknown'] as const)
        : (['unknown', 'known'] as const)) {
        const email = kind === 'known' ? account.email : newIdentity('nobody').email;
        const started = process.hrtime.bigint();
        const res = await forgot(t, email);
        timings[kind].push(Number(process.hrtime.bigint() - started) / 1e6);
        expect(res.statusCode).toBe(202);
      }
    }
    const median = (values: number[]) => values.sort((x, y) => x - y)[values.length >> 1]!;
    const ratio = median(timings.known) / median(timings.unknown);
    expect(ratio).toBeGreaterThan(0.5);
    expect(ratio).toBeLessThan(2);
  });

  it('lets an admin mail an account a reset link from Manage Users', async () => {
    const adminToken = (await signInAdmin(t)).token;
    const account = await registerUser(t.app);
    const before = inbox.messages.length;
    const res = await apiCall(t.app, 'POST', `/api/users/${account.id}/reset-link`, adminToken);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toContain(account.email);
    const token = resetTokenIn(await inbox.waitFor(account.email, { after: before }));
    expect((await reset(t, token)).statusCode).toBe(200);
    const missing = await apiCall(t.app, 'POST', '/api/users/999999/reset-link', adminToken);
    expect(missing.statusCode).toBe(404);
  });
});

describe(`mail server trouble on ${TEST_ENGINE}`, () => {
  const lines: LogLine[] = [];
  const logger = {
    level: 'info',
    stream: { write: (line: string) => lines.push(JSON.parse(line) as LogLine) },
  };
  const givenUp = (to: string) =>
    lines.find((line) => line.msg.startsWith('mail: not sent, giving up') && line.to === to);

  async function untilLogged(to: string, timeoutMs = 8000) {
    const deadline = Date.now() + timeoutMs;
    while (!givenUp(to)) {
      if (Date.now() > deadline) throw new Error(`no failure logged for ${to}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  for (const mode of ['refuse', 'stall'] as const) {
    it(`answers at once and the same way when the mail server ${mode === 'refuse' ? 'refuses' : 'hangs'}; the mail is retried and the failure logged`, async () => {
      const inbox = await startSmtpInbox({ mode });
      const t = await createTestApp({
        env: { SMTP_URL: inbox.url },
        logger,
        mail: { retryDelaysMs: [50, 50], timeoutMs: 400 },
      });
      try {
        const account = await registerUser(t.app);
        const started = Date.now();
        const res = await forgot(t, account.email);
        expect(Date.now() - started).toBeLessThan(300);
        expect(res.statusCode).toBe(202);
        expect(res.json()).toEqual({ message: FORGOT_PASSWORD_ANSWER });
        await untilLogged(account.email);
        expect(inbox.attempts).toBe(3);
        const retries = lines.filter(
          (line) => line.msg === 'mail: not sent, will retry' && line.to === account.email,
        );
        expect(retries).toHaveLength(2);
        expect(givenUp(account.email)).toMatchObject({ level: 50, attempts: 3 });
      } finally {
        await t.close();
        await inbox.close();
      }
    });
  }

  it('delivers on a retry once the mail server takes messages again', async () => {
    const inbox = await startSmtpInbox({ mode: 'refuse' });
    const t = await createTestApp({
      env: { SMTP_URL: inbox.url },
      logger,
      mail: { retryDelaysMs: [300, 300] },
    });
    try {
      const account = await registerUser(t.app);
      await forgot(t, account.email);
      while (inbox.attempts === 0) await new Promise((resolve) => setTimeout(resolve, 10));
      inbox.setMode('ok');
      const mail = await inbox.waitFor(account.email);
      expect(resetTokenIn(mail)).toHaveLength(43);
    } finally {
      await t.close();
      await inbox.close();
    }
  });

  it('without SMTP_URL, writes the message with its link to the log at warn level', async () => {
    const t = await createTestApp({ env: { PUBLIC_URL }, logger });
    try {
      const account = await registerUser(t.app);
      expect((await forgot(t, account.email)).statusCode).toBe(202);
      const deadline = Date.now() + 5000;
      let line: LogLine | undefined;
      while (!(line = lines.find((l) => (l.mail as { to?: string })?.to === account.email))) {
        if (Date.now() > deadline) throw new Error('no mail in the log');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(line.level).toBe(40);
      expect((line.mail as { text: string }).text).toMatch(
        new RegExp(`${PUBLIC_URL}/reset-password\\?token=[A-Za-z0-9_-]{43}`),
      );
      // Written to the log is not sent: no line after it may claim the message went out.
      await new Promise((resolve) => setTimeout(resolve, 100));
      const claims = lines.filter((l) => l.to === account.email && /\bsent\b/.test(l.msg));
      expect(claims.map((l) => l.msg)).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
