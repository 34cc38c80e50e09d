import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Address, Hex } from 'viem';
import type { TActivityPage } from '@nexusplay/contract/activity';
import { startRoninNode, TOKENS, type RoninTestNode } from '../../../../../harness/ronin-node.js';
import { raiseSharedListVersion } from '../../../src/db/list-versions.repository.js';
import { transferFollowerOf } from '../../../src/modules/activity/transfer-follower.js';
import { loginToken, registerUser } from '../../support/accounts.js';
import { bearer } from '../../support/content.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';
import { rpc, transferChain, type TransferChain } from './transfer-chain.js';

const CONFIRMATIONS = 3;

/*
 * "As of block N, <time>": the time is that of block N as the chain made it, read by the
 * follower with the window that moved its cursor there, for one more request of block reads.
 */
describe('how current the activity is', () => {
  let node: RoninTestNode;
  let chain: TransferChain;
  let t: TestApp;
  let token: string;

  /** Block `number`'s time as the node tells it (ISO 8601). */
  async function blockTime(number: number) {
    const block = (await rpc(node.url, 'eth_getBlockByNumber', [
      `0x${number.toString(16)}`,
      false,
    ])) as {
      timestamp: Hex;
    };
    return new Date(Number(BigInt(block.timestamp)) * 1000).toISOString();
  }

  /** `count` blocks, each a minute after the one before: every block has a time of its own. */
  async function mineMinutes(count: number) {
    const head = await rpc(node.url, 'eth_getBlockByNumber', ['latest', false]);
    let time = Number(BigInt((head as { timestamp: Hex }).timestamp));
    for (let index = 0; index < count; index += 1) {
      time += 60;
      await rpc(node.url, 'evm_mine', [{ timestamp: time }]);
    }
  }

  async function asOf() {
    const res = await t.app.inject({ method: 'GET', url: '/api/activity', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    return res.json<TActivityPage>().as_of;
  }

  beforeAll(async () => {
    node = await startRoninNode();
    chain = await transferChain(
      node.url,
      Object.values(TOKENS).map((entry) => entry.address),
    );
    t = await createTestApp({
      env: {
        RONIN_RPC_URL: node.url,
        RONIN_CONFIRMATIONS: String(CONFIRMATIONS),
        RONIN_RPS: '1000',
        UPSTREAM_TIMEOUT: '30s',
        ACTIVITY_POLL: 'off',
      },
    });
    const user = await registerUser(t.app);
    token = await loginToken(t.app, user.email, user.password);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/wallets',
      headers: bearer(token),
      payload: { wallet_name: 'Farm wallet', wallet_address: chain.addresses[0] },
    });
    expect(res.statusCode).toBe(201);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await node?.close();
  });

  it('is the block the follower read up to, at the time the chain made it', async () => {
    expect(await asOf()).toBeNull();
    const follower = transferFollowerOf(t.app);
    await mineMinutes(20);
    // The first pass starts the cursor at the head less the confirmations, reading no window of
    // new blocks: its time is when it started there, until it moves.
    await follower.pass();
    let safe = (await chain.blockNumber()) - CONFIRMATIONS;
    const started = await asOf();
    expect(started?.block).toBe(safe);
    expect(started?.time).not.toBe(await blockTime(safe));

    await mineMinutes(4);
    await follower.pass();
    safe = (await chain.blockNumber()) - CONFIRMATIONS;
    expect(await asOf()).toEqual({ block: safe, time: await blockTime(safe) });

    // A window of new blocks: its last block's time comes with its one request of block reads,
    // a transfer's block in it or not.
    await chain.transfer(TOKENS.PIXEL.address as Address, 1, chain.addresses[0]!, 5n);
    await mineMinutes(8);
    node.resetCounts();
    await follower.pass();
    const asked = { ...node.counts, byMethod: { ...node.counts.byMethod } };
    safe = (await chain.blockNumber()) - CONFIRMATIONS;
    const cursor = await t.db.kysely
      .selectFrom('chain_follow_cursors')
      .select(['last_block', 'last_block_time'])
      .executeTakeFirstOrThrow();
    expect(cursor).toEqual({ last_block: safe, last_block_time: await blockTime(safe) });
    expect(await asOf()).toEqual({ block: safe, time: await blockTime(safe) });
    expect(asked.byMethod).toEqual({
      eth_blockNumber: 1,
      eth_getLogs: 2,
      eth_getBlockByNumber: 2,
    });
    // eth_blockNumber, the two eth_getLogs, and one batch for both blocks.
    expect(asked.requests).toBe(4);

    await mineMinutes(5);
    node.resetCounts();
    await follower.pass();
    expect(node.counts.requests).toBe(4);
    expect(node.counts.byMethod).toEqual({
      eth_blockNumber: 1,
      eth_getLogs: 2,
      eth_getBlockByNumber: 1,
    });
    safe = (await chain.blockNumber()) - CONFIRMATIONS;
    expect(await asOf()).toEqual({ block: safe, time: await blockTime(safe) });
  }, 60_000);

  it('says when the cursor moved while its block’s time is not known', async () => {
    // As a cursor moved before its block's time was kept: the write raises the cursor's version,
    // as the follower's own moves do, or the page's kept answer would still be sent.
    await t.db.kysely.transaction().execute(async (trx) => {
      await trx.updateTable('chain_follow_cursors').set({ last_block_time: null }).execute();
      await raiseSharedListVersion(trx, 'chain_follow_cursors');
    });
    const cursor = await t.db.kysely
      .selectFrom('chain_follow_cursors')
      .select(['last_block', 'updated_at'])
      .executeTakeFirstOrThrow();
    expect(await asOf()).toEqual({
      block: cursor.last_block,
      time: new Date(cursor.updated_at).toISOString(),
    });
  });
});
