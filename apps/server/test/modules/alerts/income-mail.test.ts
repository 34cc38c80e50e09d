import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpInbox, type SmtpInbox } from '../../../../../harness/smtp-inbox.js';
import { insertTransfers } from '../../../src/modules/activity/activity.repository.js';
import { incomeArrivals } from '../../../src/modules/income/income-suggestions.service.js';
import { signInUser } from '../../support/accounts.js';
import { createTestApp, TEST_ENGINE, type TestApp } from '../../support/test-app.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const address = () =>
  `0x${[...Array(40)].map(() => Math.floor(Math.random() * 16).toString(16)).join('')}`;

let inbox: SmtpInbox;
let t: TestApp;
type User = Awaited<ReturnType<typeof signInUser>>;

const as = (user: User) => ({ authorization: `Bearer ${user.token}` });

beforeAll(async () => {
  inbox = await startSmtpInbox();
  t = await createTestApp({ env: { SMTP_URL: inbox.url }, mail: { retryDelaysMs: [50] } });
});

afterAll(async () => {
  await t?.close();
  await inbox?.close();
});

/** A wallet of the user, and a PIXEL transfer into it from a stranger, as the follower stores it. */
async function pixelArrives(user: User) {
  const wallet = address();
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/wallets',
    headers: as(user),
    payload: { wallet_name: 'Farm', wallet_address: wallet },
  });
  expect(res.statusCode, res.body).toBe(201);
  const pixel = t.config.gateway.ronin.tokens.find((one) => one.symbol === 'PIXEL')!;
  const ids = await insertTransfers(t.db.kysely, [
    {
      chain_id: 2020,
      tx_hash: `0x${address().slice(2)}${'0'.repeat(24)}`,
      log_index: 0,
      block_number: 1,
      block_time: new Date().toISOString(),
      token: pixel.address.toLowerCase(),
      from_address: address(),
      to_address: wallet,
      amount: '120000000000000000000',
    },
  ]);
  const arrivals = incomeArrivals({
    engine: t.db.engine,
    timeZone: t.config.timeZone,
    cap: t.config.rowCaps.incomeRecords,
    tokens: t.config.gateway.ronin.tokens,
  });
  await t.db.kysely.transaction().execute((trx) => arrivals(trx, ids));
}

const mailsTo = (user: User) =>
  inbox.messages.filter((mail) => mail.to.includes(user.email.toLowerCase()));

describe(`income that arrives is mailed to who asked (${TEST_ENGINE})`, () => {
  it('mails the arrival once with the switch on, and not with it off', async () => {
    const on = await signInUser(t.app);
    const off = await signInUser(t.app);
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/alerts/settings',
      headers: as(on),
      payload: { mail_income: true },
    });
    expect(put.statusCode).toBe(200);
    await pixelArrives(on);
    await pixelArrives(off);

    // The outbox looks every few seconds on every instance.
    const mail = await inbox.waitFor(on.email, { timeoutMs: 15_000 });
    expect(mail.subject).toMatch(/^NexusPlay: /);
    expect(mail.subject).toContain('120 PIXEL');
    expect(mail.text).toContain('Waiting on Income Pixels');
    await sleep(6_000);
    expect(mailsTo(on)).toHaveLength(1);
    expect(mailsTo(off)).toEqual([]);
    const pending = await t.db.kysely
      .selectFrom('user_notifications')
      .select('id')
      .where('mail_pending', '=', 1)
      .execute();
    expect(pending).toEqual([]);
  });

  it('hands a mail the server refuses to the mailer’s retries once, and never sends it again', async () => {
    const user = await signInUser(t.app);
    await t.app.inject({
      method: 'PUT',
      url: '/api/alerts/settings',
      headers: as(user),
      payload: { mail_income: true },
    });
    inbox.setMode('refuse');
    try {
      const before = inbox.attempts;
      await pixelArrives(user);
      // One try and the one retry the test's mailer makes, then it gives up.
      const deadline = Date.now() + 15_000;
      while (inbox.attempts < before + 2 && Date.now() < deadline) await sleep(25);
      expect(inbox.attempts).toBe(before + 2);
      // Another look of the outbox (every 5 s) finds nothing to send.
      await sleep(6_000);
      expect(inbox.attempts).toBe(before + 2);
      expect(mailsTo(user)).toEqual([]);
    } finally {
      inbox.setMode('ok');
    }
  });
});
