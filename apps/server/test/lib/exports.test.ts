import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORTS_PER_INSTANCE, EXPORT_RETRY_AFTER_SECONDS } from '../../src/lib/exports.js';
import { loginToken, registerUser } from '../support/accounts.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/**
 * Links of each user: an account file of about 6 MB. A held download must stay unfinished, so the
 * file is larger than what the kernel can take off the server's hands for a client that reads
 * nothing: the send buffer grows up to 4 MB on Linux (net.ipv4.tcp_wmem), the paused receiver's
 * window stays near 128 kB. With 1.5 MB a fast server could write a whole file into them, end the
 * download and free its slot before the fifth user asked.
 */
const LINKS = 20_000;

/**
 * A download that has begun and is held there: its request is sent on a connection of its own,
 * and once the status line has arrived nothing more is read, so the server, which writes only
 * as fast as the client reads, cannot finish it.
 */
async function heldDownload(port: number, path: string, token: string) {
  const socket = net.connect(port, '127.0.0.1');
  const head = await new Promise<string>((resolve, reject) => {
    socket.once('error', reject);
    socket.once('data', (chunk: Buffer) => {
      socket.pause();
      resolve(chunk.toString('latin1').split('\r\n')[0]!);
    });
    socket.write(
      `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\n\r\n`,
    );
  });
  return { head, socket };
}

describe(`at most ${EXPORTS_PER_INSTANCE} downloads run at once on an instance`, () => {
  let t: TestApp;
  let port: number;
  const tokens: string[] = [];
  const held: net.Socket[] = [];

  beforeAll(async () => {
    t = await createTestApp({ env: { MAX_LINKS: String(LINKS) } });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = (t.app.server.address() as AddressInfo).port;
    for (let n = 0; n <= EXPORTS_PER_INSTANCE; n += 1) {
      const user = await registerUser(t.app);
      tokens.push(await loginToken(t.app, user.email, user.password));
      const now = new Date().toISOString();
      for (let from = 0; from < LINKS; from += 500) {
        await t.db.kysely
          .insertInto('links')
          .values(
            Array.from({ length: 500 }, (_, i) => ({
              user_id: user.id,
              title: `Link ${from + i} of user ${n}`,
              url: `https://example.com/user-${n}/page-${from + i}?ref=held-download`,
              category: null,
              created_at: now,
              updated_at: now,
            })),
          )
          .execute();
      }
    }
  }, 60_000);
  afterAll(async () => {
    for (const socket of held) socket.destroy();
    await t?.close();
  });

  const download = (token: string, url = '/api/links/export') =>
    t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });

  it(`refuses a fifth user's download with 429 and Retry-After while ${EXPORTS_PER_INSTANCE} others run`, async () => {
    for (const token of tokens.slice(0, EXPORTS_PER_INSTANCE)) {
      const { head, socket } = await heldDownload(port, '/api/account/export', token);
      held.push(socket);
      expect(head).toBe('HTTP/1.1 200 OK');
    }

    const last = tokens[EXPORTS_PER_INSTANCE]!;
    for (const url of ['/api/links/export', '/api/wallets/export', '/api/account/export']) {
      const refused = await download(last, url);
      expect(refused.statusCode, url).toBe(429);
      expect(refused.headers['retry-after']).toBe(String(EXPORT_RETRY_AFTER_SECONDS));
      expect(refused.json()).toMatchObject({
        message: 'Too many downloads are being prepared. Try again in a few seconds.',
      });
    }
  });

  it('answers it once one of them has ended (the client went away)', async () => {
    held.shift()!.destroy();
    // The server learns of it when the connection's close reaches it.
    let res = await download(tokens[EXPORTS_PER_INSTANCE]!);
    for (let tries = 0; res.statusCode === 429 && tries < 50; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      res = await download(tokens[EXPORTS_PER_INSTANCE]!);
    }
    expect(res.statusCode).toBe(200);
    expect(res.body.trim().split('\n')).toHaveLength(LINKS + 1);
  });
});
