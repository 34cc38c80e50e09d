import { createWalletClient, http, numberToHex, pad, parseAbi, type Address } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { ronin } from 'viem/chains';
import { mineBlocks } from '../harness/token-transfers.js';
import { COLLECTIONS } from '../harness/ronin-node.js';
import { expect, signUpThroughApi, test } from './fixtures.js';

/** The server's RONIN_CONFIRMATIONS (its default): a transfer is read once this deep. */
const CONFIRMATIONS = 10;
const SENDER = privateKeyToAccount(pad(numberToHex(0x7210e2e)));
const ABI = parseAbi(['function mint(address to, uint256 tokenId)']);
/** A token id of the largest size (78 digits): it must wrap within the value column. */
const LONG_ID = 2n ** 256n - 2n;

function nodeUrl(): string {
  const url = process.env.E2E_RONIN_URL;
  if (!url) throw new Error('E2E_RONIN_URL is not set: the global setup did not start the node');
  return url;
}

async function rpc(url: string, method: string, params: unknown[]) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  return ((await res.json()) as { result?: unknown }).result;
}

/** Mints `ids` of `collection` to `to` on the test node, one transaction each. */
async function mint(collection: Address, to: Address, ids: readonly bigint[]) {
  const url = nodeUrl();
  await rpc(url, 'evm_setAccountBalance', [SENDER.address, numberToHex(10n ** 21n)]);
  const client = createWalletClient({ account: SENDER, chain: ronin, transport: http(url) });
  for (const id of ids) {
    await client.writeContract({
      address: collection,
      abi: ABI,
      functionName: 'mint',
      args: [to, id],
      gas: 200_000n,
      gasPrice: 2_000_000_000n,
    });
  }
}

test('at 390 px a wallet lists the NFT ids it received since it was tracked, as a partial list', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const { token } = await signUpThroughApi(page);
  const random = Array.from({ length: 32 }, () => Math.floor(Math.random() * 16).toString(16));
  const owner = `0xaf7e0000${random.join('')}` as Address;
  const added = await page.request.post('/api/wallets', {
    headers: { authorization: `Bearer ${token}` },
    data: { wallet_name: 'Breeder', wallet_address: owner },
  });
  expect(added.status()).toBe(201);
  // Block times have whole seconds: the mints come in a later one than the wallet's adding.
  await new Promise((resolve) => setTimeout(resolve, 1100));
  await mint(COLLECTIONS.AXIE, owner, [12n, 345n, LONG_ID]);
  await mineBlocks(nodeUrl(), CONFIRMATIONS);

  // The follower polls every second (ACTIVITY_POLL in global-setup).
  await expect
    .poll(
      async () => {
        const res = await page.request.get('/api/portfolio', {
          headers: { authorization: `Bearer ${token}` },
        });
        const body = (await res.json()) as {
          wallets: { received_nfts: { name: string; token_ids: string[] }[] }[];
        };
        return body.wallets[0]?.received_nfts.find((entry) => entry.name === 'AXIE')?.token_ids;
      },
      { timeout: 45_000 },
    )
    .toEqual([LONG_ID.toString(), '345', '12']);

  await page.goto('/tools/wallet');
  const nfts = page.getByRole('list', { name: 'NFTs of Breeder' });
  await expect(nfts.getByRole('listitem').first()).toContainText(
    `Received since tracked: #${LONG_ID}, #345, #12 (partial list)`,
  );
  await expect(nfts.getByRole('link', { name: /^3 Axies of Breeder/ })).toBeVisible();
  // The page itself never scrolls sideways: the long id wraps within its column.
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
});
