import { placeTokens, startRoninNode, TOKENS } from '../harness/ronin-node.js';
import { startBuiltServer } from '../harness/server-process.js';
import { findChromium } from './browser.js';
import { E2E_ADMIN, E2E_PORTFOLIO_ADDRESS } from './fixtures.js';

/**
 * Starts the production build on a temporary data directory and a free port, and hands its
 * address to the tests through E2E_BASE_URL.
 */
export default async function globalSetup() {
  findChromium();
  // The Wallet Tracker's balances come from a real EVM node on 127.0.0.1, never from Ronin's.
  const node = await startRoninNode();
  await node.placeMulticall3();
  await placeTokens(node);
  await node.setRonBalance(E2E_PORTFOLIO_ADDRESS, 3n * 10n ** 18n);
  await node.setTokenBalance(TOKENS.PIXEL.address, E2E_PORTFOLIO_ADDRESS, 12_345n * 10n ** 17n);
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
    },
  });
  process.env.E2E_BASE_URL = server.url;
  return async () => {
    await server.stop();
    await node.close();
  };
}
