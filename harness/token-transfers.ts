import { concat, createWalletClient, http, numberToHex, pad, type Address, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { ronin } from 'viem/chains';

/** keccak256("Transfer(address,address,uint256)"). */
export const TRANSFER_TOPIC = 'ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';

/**
 * Code that logs an ERC-20 Transfer of whatever it is called with (the tests' transfer chain and
 * the bench's catch-up node put it at each token's address) (calldata: from, to, amount,
 * 32 bytes each), written out by hand as no compiler runs in the tests:
 *   PUSH1 0x40 CALLDATALOAD PUSH1 0 MSTORE            memory[0..32] = amount
 *   PUSH1 0x20 CALLDATALOAD PUSH1 0 CALLDATALOAD      to, from
 *   PUSH32 Transfer PUSH1 0x20 PUSH1 0 LOG3 STOP      log(data, Transfer, from, to)
 */
export const TRANSFER_EMITTER: Hex = `0x6040356000526020356000357f${TRANSFER_TOPIC}60206000a300`;

/** The account that sends the transactions; who sends them is no part of the logged transfer. */
const SENDER = privateKeyToAccount(pad(numberToHex(0xe2e7)));

/** One JSON-RPC call to the node at `url`; its error, if it answers one, thrown. */
export async function rpc(url: string, method: string, params: unknown[] = []) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const body = (await response.json()) as { result?: unknown; error?: { message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result;
}

/**
 * Logs a `Transfer` of `amount` raw units from `from` to `to` at the token contract `token` on
 * the Ganache node at `url`, as the token would on a real transfer. The token's code is swapped
 * for the emitter for one transaction and put back, so its balances (its storage) stay as they
 * were. Answers the transaction's hash once it is mined.
 */
export async function logTokenTransfer(
  url: string,
  token: Address,
  from: Address,
  to: Address,
  amount: bigint,
): Promise<Hex> {
  await rpc(url, 'evm_setAccountBalance', [SENDER.address, numberToHex(10n ** 21n)]);
  const code = (await rpc(url, 'eth_getCode', [token, 'latest'])) as Hex;
  await rpc(url, 'evm_setAccountCode', [token, TRANSFER_EMITTER]);
  try {
    const client = createWalletClient({ account: SENDER, chain: ronin, transport: http(url) });
    const hash = await client.sendTransaction({
      to: token,
      data: concat([pad(from), pad(to), numberToHex(amount, { size: 32 })]),
      gas: 100_000n,
      gasPrice: 2_000_000_000n,
    });
    const receipt = (await rpc(url, 'eth_getTransactionReceipt', [hash])) as {
      logs: unknown[];
    } | null;
    if (!receipt || receipt.logs.length !== 1) throw new Error(`${hash} logged no transfer`);
    return hash;
  } finally {
    await rpc(url, 'evm_setAccountCode', [token, code]);
  }
}

/** Mines `blocks` empty blocks, so that what came before has its confirmations. */
export async function mineBlocks(url: string, blocks: number) {
  await rpc(url, 'evm_mine', [{ blocks }]);
}
