import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { COLLECTIONS, placeTokens, startRoninNode, TOKENS } from '../harness/ronin-node.js';
import { startBuiltServer } from '../harness/server-process.js';
import { startSmtpInbox } from '../harness/smtp-inbox.js';
import { findChromium } from './browser.js';
import { E2E_ADMIN, E2E_PORTFOLIO_ADDRESS } from './fixtures.js';

/** A port free now, so that the server's PUBLIC_URL (the address in its mails) can name it. */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * Starts the production build on a temporary data directory and a free port, and hands its
 * address to the tests through E2E_BASE_URL. Its mail goes to an SMTP server started here, which
 * writes what it receives to E2E_MAIL_DIR for the tests to read.
 */
export default async function globalSetup() {
  findChromium();
  // The Wallet Tracker's balances come from a real EVM node on 127.0.0.1, never from Ronin's.
  const node = await startRoninNode();
  await node.placeMulticall3();
  await placeTokens(node);
  await node.setRonBalance(E2E_PORTFOLIO_ADDRESS, 3n * 10n ** 18n);
  await node.setTokenBalance(TOKENS.PIXEL.address, E2E_PORTFOLIO_ADDRESS, 12_345n * 10n ** 17n);
  await node.mintNfts(COLLECTIONS.AXIE, E2E_PORTFOLIO_ADDRESS, [1n, 2n]);
  await node.mintNfts(COLLECTIONS.FARMLAND, E2E_PORTFOLIO_ADDRESS, [1n]);
  const mailDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nexusplay-e2e-mail-'));
  const inbox = await startSmtpInbox({ saveTo: mailDir });
  const port = await freePort();
  // A private build (E2E_SERVER_ENTRY, E2E_WEB_DIST) lets two checkouts' suites run side by side.
  const server = await startBuiltServer({
    purpose: 'e2e',
    entryVariable: 'E2E_SERVER_ENTRY',
    webDistVariable: 'E2E_WEB_DIST',
    env: {
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_USERNAME: E2E_ADMIN.username,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      REGISTER_MAX_PER_HOUR: '1000',
      RONIN_RPC_URL: node.url,
      // The activity spec logs transfers on the node and waits for the follower to read them.
      ACTIVITY_POLL: '1',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      SMTP_URL: inbox.url,
    },
  });
  process.env.E2E_BASE_URL = server.url;
  process.env.E2E_RONIN_URL = node.url;
  process.env.E2E_MAIL_DIR = mailDir;
  return async () => {
    await server.stop();
    await node.close();
    await inbox.close();
    fs.rmSync(mailDir, { recursive: true, force: true });
  };
}
