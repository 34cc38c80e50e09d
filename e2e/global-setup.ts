import { startBuiltServer } from '../harness/server-process.js';
import { findChromium } from './browser.js';
import { E2E_ADMIN } from './fixtures.js';

/**
 * Starts the production build on a temporary data directory and a free port, and hands its
 * address to the tests through E2E_BASE_URL.
 */
export default async function globalSetup() {
  findChromium();
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
    },
  });
  process.env.E2E_BASE_URL = server.url;
  return server.stop;
}
