/**
 * The Wallet Tracker's portfolio in the API bench: a user with 20 wallets whose balances sit on a
 * real EVM node (harness/ronin-node.ts), read from the server's cache beside the baseline, and the
 * node calls the server makes while 1,000 clients poll that portfolio.
 */
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { placeTokens, startRoninNode, TOKENS, type RoninTestNode } from '../harness/ronin-node.js';
import type { Check } from './report.js';

export const PORTFOLIO_WALLETS = 20;
/** BALANCE_TTL of the bench server: short, so that a run spans several windows. */
export const PORTFOLIO_TTL_SECONDS = 5;
const POLLING_CLIENTS = 1_000;
const POLLING_SECONDS = 4 * PORTFOLIO_TTL_SECONDS;

export async function startPortfolioNode() {
  const node = await startRoninNode();
  await node.placeMulticall3();
  await placeTokens(node);
  return node;
}

const address = (index: number) =>
  `0x${(0xbe0c0000 + index).toString(16).padStart(40, '0')}` as `0x${string}`;

/** A user with PORTFOLIO_WALLETS wallets holding RON and PIXEL; answers the user's token. */
export async function seedPortfolio(base: string, node: RoninTestNode) {
  const identity = {
    username: 'bench-portfolio',
    email: 'bench-portfolio@example.com',
    password: randomBytes(12).toString('base64url'),
  };
  const post = async (url: string, body: object, token?: string) => {
    const response = await fetch(`${base}${url}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`POST ${url}: ${response.status} ${await response.text()}`);
    return (await response.json()) as Record<string, unknown>;
  };
  await post('/api/register', identity);
  const token = String((await post('/api/login', identity)).token);
  for (let index = 0; index < PORTFOLIO_WALLETS; index += 1) {
    await node.setRonBalance(address(index), BigInt(index + 1) * 10n ** 18n);
    await node.setTokenBalance(TOKENS.PIXEL.address, address(index), 1234n * 10n ** 17n);
    await post(
      '/api/wallets',
      { wallet_name: `Portfolio ${index + 1}`, wallet_address: address(index) },
      token,
    );
  }
  return token;
}

/**
 * 1,000 connections poll the portfolio for four TTL windows; the node must see at most one
 * round per wallet per window (one more window for a refresh already under way at the start).
 */
export async function measurePolling(base: string, token: string, node: RoninTestNode) {
  node.resetCounts();
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    autocannon(
      {
        url: `${base}/api/portfolio`,
        connections: POLLING_CLIENTS,
        duration: POLLING_SECONDS,
        headers: { authorization: `Bearer ${token}` },
      },
      (error, answer) => (error ? reject(error) : resolve(answer)),
    );
  });
  const windows = POLLING_SECONDS / PORTFOLIO_TTL_SECONDS;
  const rounds = node.counts.byMethod.eth_call ?? 0;
  const budget = PORTFOLIO_WALLETS * (windows + 1);
  const checks: Check[] = [
    {
      section: 'API',
      name: `GET /api/portfolio polled by ${POLLING_CLIENTS} clients: node calls`,
      figure:
        `${rounds} node rounds for ${PORTFOLIO_WALLETS} wallets in ${POLLING_SECONDS} s ` +
        `(BALANCE_TTL ${PORTFOLIO_TTL_SECONDS} s: ${(rounds / windows).toFixed(1)} per TTL) while answering ` +
        `${result.requests.total} reads (${result.non2xx} non-2xx, ${result.errors} errors)`,
      budget: `<= ${budget} (one per wallet per TTL window)`,
      pass: rounds <= budget && result.non2xx === 0 && result.errors === 0,
    },
  ];
  return checks;
}
