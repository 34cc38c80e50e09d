import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Address } from 'viem';
import type { TIncomeRecord } from '@nexusplay/contract/income';
import type { TIncomeSuggestionPage } from '@nexusplay/contract/income-suggestions';
import { startFakeUpstream, type FakeUpstream } from '../../../../../harness/fake-upstream.js';
import { startRoninNode, TOKENS, type RoninTestNode } from '../../../../../harness/ronin-node.js';
import { dayIn } from '../../../src/lib/dates.js';
import {
  transferFollowerOf,
  type TransferFollower,
} from '../../../src/modules/activity/transfer-follower.js';
import { signInUser } from '../../support/accounts.js';
import { apiCall, type CallArgs } from '../../support/content.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';
import {
  transferChain,
  type SentTransfer,
  type TransferChain,
} from '../activity/transfer-chain.js';

const CONFIRMATIONS = 3;
const E18 = 10n ** 18n;
const token = (symbol: keyof typeof TOKENS) => TOKENS[symbol].address as Address;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/*
 * Income found on chain as the follower finds it, on a real EVM node (Ganache, chain id 2020):
 * transfers between test accounts, two of which Alice tracks (Farm wallet, Vault) and one Bob,
 * become suggestions within two passes; new ones tell their user once; a wallet that adds them
 * automatically gets its records without a click, once however many passes follow.
 */
describe('income arriving on chain', () => {
  let node: RoninTestNode;
  let chain: TransferChain;
  let upstream: FakeUpstream;
  let t: TestApp;
  let follower: TransferFollower;
  let alice: { id: number; token: string };
  let bob: { id: number; token: string };
  const wallets = { farm: 0, vault: 0, bob: 0 };
  let farm: Address, vault: Address, bobs: Address;
  /** Transfers sent in this file, by name. */
  const sent = {} as Record<
    | 'history'
    | 'farm'
    | 'own'
    | 'axs'
    | 'toBob'
    | 'slp'
    | 'before'
    | 'auto'
    | 'axsAfter'
    | 'afterOff',
    SentTransfer
  >;

  const call = (...args: CallArgs) => apiCall(t.app, ...args);
  const dayOf = (transfer: SentTransfer) => dayIn('Asia/Jakarta', new Date(transfer.block_time));
  const transferId = async (transfer: SentTransfer) => {
    const row = await t.db.kysely
      .selectFrom('chain_transfers')
      .select('id')
      .where('tx_hash', '=', transfer.tx_hash)
      .where('log_index', '=', transfer.log_index)
      .executeTakeFirstOrThrow();
    return row.id;
  };
  const suggestions = async (user: { token: string }, tracker = 'income-pixels') => {
    const res = await call('GET', `/api/${tracker}/suggestions`, user.token);
    expect(res.statusCode, res.body).toBe(200);
    return res
      .json<TIncomeSuggestionPage>()
      .data.map((item) => ({ amount: item.amount, day: item.day, wallet: item.wallet.name }));
  };
  const notifications = (userId: number) =>
    t.db.kysely
      .selectFrom('user_notifications')
      .select(['title', 'message', 'chain_transfer_id'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();
  const chainRecords = (userId: number) =>
    t.db.kysely
      .selectFrom('income_records')
      .select(['id', 'token', 'amount', 'date', 'expense_description', 'chain_transfer_id'])
      .where('user_id', '=', userId)
      .where('chain_transfer_id', 'is not', null)
      .orderBy('id')
      .execute();
  const addWallet = async (user: { token: string }, name: string, wallet_address: string) => {
    const res = await call('POST', '/api/wallets', user.token, {
      wallet_name: name,
      wallet_address,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: number }>().id;
  };
  /** Confirms what was sent and runs the follower twice. */
  const twoPasses = async () => {
    await chain.mine(CONFIRMATIONS);
    await follower.pass();
    await follower.pass();
  };

  beforeAll(async () => {
    node = await startRoninNode();
    chain = await transferChain(
      node.url,
      Object.values(TOKENS).map((entry) => entry.address),
    );
    [farm, vault, bobs] = chain.addresses as [Address, Address, Address];
    upstream = await startFakeUpstream();
    t = await createTestApp({
      env: {
        RONIN_RPC_URL: node.url,
        RONIN_CONFIRMATIONS: String(CONFIRMATIONS),
        RONIN_RPS: '1000',
        UPSTREAM_TIMEOUT: '30s',
        PRICE_API_URL: upstream.url,
        FX_API_URL: `${upstream.url}/fx`,
      },
    });
    follower = transferFollowerOf(t.app);
    alice = await signInUser(t.app);
    bob = await signInUser(t.app);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await upstream?.close();
    await node?.close();
  });

  it('offers a transfer made before the wallet was tracked, without telling of it', async () => {
    await chain.mine(20);
    sent.history = await chain.transfer(token('PIXEL'), 3, farm, 10n * E18);
    await chain.mine(CONFIRMATIONS);
    wallets.farm = await addWallet(alice, 'Farm wallet', farm);
    wallets.vault = await addWallet(alice, 'Vault', vault);
    wallets.bob = await addWallet(bob, 'Bob main', bobs);

    await follower.pass();
    await follower.pass();
    expect(await suggestions(alice)).toEqual([
      { amount: '10', day: dayOf(sent.history), wallet: 'Farm wallet' },
    ]);
    // The backfill is history: a newly tracked wallet would flood the bell.
    expect(await notifications(alice.id)).toEqual([]);
  }, 60_000);

  it('offers new transfers from others within two passes, exactly, and never a move between a user’s wallets', async () => {
    sent.farm = await chain.transfer(token('PIXEL'), 3, farm, 120n * E18);
    sent.own = await chain.transfer(token('PIXEL'), 0, vault, 5n * E18);
    sent.axs = await chain.transfer(token('AXS'), 3, vault, 2n * E18 + E18 / 4n);
    sent.toBob = await chain.transfer(token('PIXEL'), 0, bobs, E18 / 1000n);
    sent.slp = await chain.transfer(token('SLP'), 3, farm, 55n);
    await twoPasses();

    expect(await suggestions(alice)).toEqual([
      { amount: '120', day: dayOf(sent.farm), wallet: 'Farm wallet' },
      { amount: '10', day: dayOf(sent.history), wallet: 'Farm wallet' },
    ]);
    expect(await suggestions(alice, 'income-axie')).toEqual([
      { amount: '2.25', day: dayOf(sent.axs), wallet: 'Vault' },
    ]);
    // From Alice's wallet to Bob's: income of Bob's, none of hers.
    expect(await suggestions(bob)).toEqual([
      { amount: '0.001', day: dayOf(sent.toBob), wallet: 'Bob main' },
    ]);
    expect(await suggestions(bob, 'income-axie')).toEqual([]);

    // Bob can neither accept nor ignore Alice's.
    const farmId = await transferId(sent.farm);
    for (const action of ['accept', 'ignore']) {
      const res = await call(
        'POST',
        `/api/income-pixels/suggestions/${farmId}/${action}`,
        bob.token,
      );
      expect(res.statusCode).toBe(404);
    }
    const own = await transferId(sent.own);
    const res = await call('POST', `/api/income-pixels/suggestions/${own}/accept`, alice.token);
    expect(res.statusCode).toBe(404);
  }, 60_000);

  it('tells each user of their new income once, however many passes follow', async () => {
    const waiting = (tracker: string) =>
      `Waiting on ${tracker}: add it as income or ignore it there.`;
    const alices = [
      {
        title: 'New PIXEL income: 120 PIXEL in Farm wallet',
        message: waiting('Income Pixels'),
        chain_transfer_id: await transferId(sent.farm),
      },
      {
        title: 'New AXS income: 2.25 AXS in Vault',
        message: waiting('Income Axie'),
        chain_transfer_id: await transferId(sent.axs),
      },
    ];
    const bobsNotes = [
      {
        title: 'New PIXEL income: 0.001 PIXEL in Bob main',
        message: waiting('Income Pixels'),
        chain_transfer_id: await transferId(sent.toBob),
      },
    ];
    expect(await notifications(alice.id)).toEqual(alices);
    expect(await notifications(bob.id)).toEqual(bobsNotes);

    await follower.pass();
    await transferFollowerOf(t.app).pass();
    expect(await notifications(alice.id)).toEqual(alices);
    expect(await notifications(bob.id)).toEqual(bobsNotes);
  }, 60_000);

  it('makes one record of a found transfer accepted in two tabs at once', async () => {
    const id = await transferId(sent.farm);
    const url = `/api/income-pixels/suggestions/${id}/accept`;
    const answers = await Promise.all([
      call('POST', url, alice.token),
      call('POST', url, alice.token),
    ]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 201]);
    const records = await chainRecords(alice.id);
    expect(records).toEqual([
      {
        id: answers[0]!.json().data.id,
        token: 'pixels',
        amount: 120,
        date: dayOf(sent.farm),
        expense_description: 'Farm wallet',
        chain_transfer_id: id,
      },
    ]);
    expect(await suggestions(alice)).toEqual([
      { amount: '10', day: dayOf(sent.history), wallet: 'Farm wallet' },
    ]);
  }, 60_000);

  it('adds the transfers a wallet receives after its switch is on without a click, once, valued as typed records are', async () => {
    // Arrived before the switch was turned on: offered, not added.
    sent.before = await chain.transfer(token('PIXEL'), 3, vault, 1n * E18);
    await sleep(1100);
    const on = await call('PUT', `/api/income-pixels/auto-add/${wallets.vault}`, alice.token, {
      on: true,
    });
    expect(on.statusCode, on.body).toBe(200);
    sent.auto = await chain.transfer(token('PIXEL'), 3, vault, (7n * E18) / 2n);
    // The switch is per token: AXS into the same wallet is still offered.
    sent.axsAfter = await chain.transfer(token('AXS'), 3, vault, E18);
    await twoPasses();

    const autoId = await transferId(sent.auto);
    const before = await chainRecords(alice.id);
    expect(before.filter((row) => row.chain_transfer_id === autoId)).toEqual([
      {
        id: expect.any(Number),
        token: 'pixels',
        amount: 3.5,
        date: dayOf(sent.auto),
        expense_description: 'Vault',
        chain_transfer_id: autoId,
      },
    ]);
    expect(await suggestions(alice)).toEqual([
      { amount: '1', day: dayOf(sent.before), wallet: 'Vault' },
      { amount: '10', day: dayOf(sent.history), wallet: 'Farm wallet' },
    ]);
    expect((await suggestions(alice, 'income-axie')).map((row) => row.amount)).toEqual([
      '1',
      '2.25',
    ]);
    const told = await notifications(alice.id);
    expect(told.filter((row) => row.chain_transfer_id === autoId)).toEqual([
      {
        title: 'New PIXEL income: 3.5 PIXEL in Vault',
        message: 'Added to Income Pixels automatically.',
        chain_transfer_id: autoId,
      },
    ]);
    const beforeId = await transferId(sent.before);
    expect(told.find((row) => row.chain_transfer_id === beforeId)?.message).toBe(
      'Waiting on Income Pixels: add it as income or ignore it there.',
    );

    // More passes, and another instance's follower: still one record and one notification.
    await follower.pass();
    await transferFollowerOf(t.app).pass();
    expect(await chainRecords(alice.id)).toEqual(before);
    expect(await notifications(alice.id)).toEqual(told);

    // Added pending its day's price, it is valued by the list's reads as a typed record is.
    await vi.waitFor(
      async () => {
        const list = await call('GET', '/api/income-pixels', alice.token);
        const record = list
          .json<{ data: TIncomeRecord[] }>()
          .data.find(
            (row) => row.id === before.find((one) => one.chain_transfer_id === autoId)!.id,
          );
        expect(record).toMatchObject({ income: 3.5, price_usd: 0.05, net_income: 0.175 });
      },
      { timeout: 5000, interval: 100 },
    );

    // Turned off, the next arrival is offered again.
    await call('PUT', `/api/income-pixels/auto-add/${wallets.vault}`, alice.token, { on: false });
    sent.afterOff = await chain.transfer(token('PIXEL'), 3, vault, 4n * E18);
    await twoPasses();
    expect((await suggestions(alice)).map((row) => row.amount)).toEqual(['4', '1', '10']);
    expect(await chainRecords(alice.id)).toEqual(before);
  }, 60_000);
});
