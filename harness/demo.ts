/**
 * `npm run demo`: the portal with no internet, for trying it out. Starts a local Ronin node
 * (Ganache, chain id 2020) holding test tokens at the mainnet tokens' addresses, a local price,
 * exchange-rate and market service answering like the real ones, and the built server pointed at
 * both with DEMO_MODE on (every page says "Demo chain and prices"). A demo user whose two wallets
 * hold tokens on that node is created, so that the Wallet Tracker shows figures at once.
 *
 *   node --import tsx harness/demo.ts               everything (the server on PORT, 3000 unless set)
 *   node --import tsx harness/demo.ts ronin-node    the local node alone, for RONIN_RPC_URL
 *   node --import tsx harness/demo.ts upstream      the price/rate/market service alone
 *
 * The server keeps its data in a temporary directory, removed when the demo stops (Ctrl-C).
 * DEMO_SERVER_ENTRY may name another server entry (apps/server/src/main.ts runs the sources).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseUnits, type Address } from 'viem';
import { startFakeUpstream } from './fake-upstream.js';
import {
  COLLECTIONS,
  placeTokens,
  startRoninNode,
  TOKENS,
  type RoninTestNode,
} from './ronin-node.js';
import { resolveServerEntry, startServer } from './server-process.js';

/** The demo user, printed at start. */
export const DEMO_USER = {
  username: 'demo',
  email: 'demo@example.com',
  password: 'try the demo chain',
};

/** Two wallets and what they hold on the local node (whole tokens). */
const DEMO_WALLETS: { name: string; address: Address; holds: Record<string, string> }[] = [
  {
    name: 'Farming wallet',
    address: '0x1111111111111111111111111111111111111111',
    holds: { RON: '42.5', PIXEL: '2000', AXS: '12.25', SLP: '3500' },
  },
  {
    name: 'Trading wallet',
    address: '0x2222222222222222222222222222222222222222',
    holds: { RON: '5', PIXEL: '18000', WETH: '0.3', USDC: '250' },
  },
];

async function startDemoNode(): Promise<RoninTestNode> {
  const node = await startRoninNode();
  await placeTokens(node);
  await node.placeMulticall3();
  for (const wallet of DEMO_WALLETS) {
    for (const [symbol, amount] of Object.entries(wallet.holds)) {
      if (symbol === 'RON') {
        await node.setRonBalance(wallet.address, parseUnits(amount, 18));
        continue;
      }
      const token = TOKENS[symbol as keyof typeof TOKENS];
      await node.setTokenBalance(token.address, wallet.address, parseUnits(amount, token.decimals));
    }
  }
  // The farming wallet's Axie team and land plot, counted by the Wallet Tracker.
  const farming = DEMO_WALLETS[0]!.address;
  await node.mintNfts(COLLECTIONS.AXIE, farming, [101n, 102n, 103n]);
  await node.mintNfts(COLLECTIONS.FARMLAND, farming, [7n]);
  return node;
}

async function api(base: string, method: string, route: string, body?: unknown, token?: string) {
  const response = await fetch(`${base}/api${route}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? null : JSON.stringify(body),
  });
  const answer = (await response.json()) as Record<string, unknown>;
  if (!response.ok)
    throw new Error(`${method} ${route}: ${response.status} ${JSON.stringify(answer)}`);
  return answer;
}

/** The demo user and its wallets, through the API as a visitor would add them. */
async function seedDemoUser(base: string) {
  await api(base, 'POST', '/register', DEMO_USER);
  const { token } = await api(base, 'POST', '/login', {
    email: DEMO_USER.email,
    password: DEMO_USER.password,
  });
  for (const wallet of DEMO_WALLETS) {
    await api(
      base,
      'POST',
      '/wallets',
      { wallet_name: wallet.name, wallet_address: wallet.address },
      String(token),
    );
  }
}

/** Runs until SIGINT or SIGTERM, then calls `stop` and exits. */
function untilStopped(stop: () => Promise<void>) {
  const end = () => {
    stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', end);
  process.once('SIGTERM', end);
}

async function main(part: string | undefined) {
  if (part === 'ronin-node') {
    const node = await startDemoNode();
    console.log(`demo Ronin node (chain id 2020) listening on ${node.url}`);
    for (const wallet of DEMO_WALLETS)
      console.log(`  ${wallet.address} holds ${JSON.stringify(wallet.holds)}`);
    return untilStopped(() => node.close());
  }
  if (part === 'upstream') {
    const upstream = await startFakeUpstream();
    console.log(`demo price, rate and market service listening on ${upstream.url}`);
    console.log(
      `  PRICE_API_URL=${upstream.url} FX_API_URL=${upstream.url}/fx MARKET_API_URL=${upstream.url}/market`,
    );
    return untilStopped(() => upstream.close());
  }
  if (part !== undefined) throw new Error(`unknown part "${part}": ronin-node, upstream or none`);

  const entry = resolveServerEntry('DEMO_SERVER_ENTRY');
  const [node, upstream] = await Promise.all([startDemoNode(), startFakeUpstream()]);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nexusplay-demo-'));
  const stopHelpers = async () => {
    await Promise.allSettled([node.close(), upstream.close()]);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  let server: Awaited<ReturnType<typeof startServer>>;
  try {
    server = await startServer({
      entry,
      dataDir,
      echoStderr: true,
      env: {
        NODE_ENV: 'development',
        PORT: process.env.PORT ?? '3000',
        HOST: process.env.HOST ?? '127.0.0.1',
        DATABASE_URL: '',
        REDIS_URL: '',
        SMTP_URL: '',
        JWT_SECRET: randomBytes(32).toString('hex'),
        LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
        DEMO_MODE: 'true',
        SEED_DEMO_CONTENT: 'true',
        ADMIN_EMAIL: 'admin@example.com',
        ADMIN_USERNAME: 'admin',
        ADMIN_PASSWORD: 'demo admin password',
        RONIN_RPC_URL: node.url,
        RONIN_TOKENS: '',
        PRICE_API_URL: upstream.url,
        PRICE_API_KEY: '',
        FX_API_URL: `${upstream.url}/fx`,
        MARKET_API_URL: `${upstream.url}/market`,
        PUBLIC_URL: '',
      },
    });
    await seedDemoUser(server.url);
  } catch (error) {
    await stopHelpers();
    throw error;
  }
  const lines = [
    '',
    'NexusPlay demo: a local Ronin node with test tokens and a local price, rate and market',
    'service stand in for the real ones; every page says "Demo chain and prices".',
    `  sign in as ${DEMO_USER.email} / ${DEMO_USER.password} (Wallet Tracker: two funded wallets)`,
    '  or as admin@example.com / demo admin password',
    '  the data is temporary: it is removed when the demo stops (Ctrl-C)',
    '',
    `NexusPlay demo is serving on ${server.url}`,
  ];
  console.log(lines.join('\n'));
  untilStopped(async () => {
    await server.stop();
    await stopHelpers();
  });
}

main(process.argv[2]).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
