import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { batches } from '../lib/row-import.js';

type DB = Kysely<Database>;

/**
 * The last good amounts of an address, kept with every wallet that tracks it: the newest set
 * any of them holds (a wallet added later may have none, or older ones).
 */
export async function readLastBalances(db: DB, address: string) {
  const rows = await db
    .selectFrom('wallet_balances')
    .innerJoin('wallets', 'wallets.id', 'wallet_balances.wallet_id')
    .select(['wallet_balances.token', 'wallet_balances.amount', 'wallet_balances.as_of'])
    .where('wallets.address', '=', address)
    .orderBy('wallet_balances.as_of', 'desc')
    .execute();
  const asOf = rows[0]?.as_of;
  if (asOf === undefined) return undefined;
  const amounts: Record<string, string> = {};
  for (const row of rows) if (row.as_of === asOf) amounts[row.token] = row.amount;
  return { amounts, asOf };
}

/**
 * The amounts of every token for every wallet that tracks `address`, in one statement: the set
 * is written whole or not at all (a half-written set would mix two moments), without holding a
 * transaction open across turns of the event loop.
 */
export async function writeLastBalances(
  db: DB,
  address: string,
  amounts: Readonly<Record<string, string>>,
  asOf: string,
) {
  const [first, ...rest] = Object.entries(amounts).map(([token, amount]) =>
    db.selectNoFrom((eb) => [
      eb.cast<string>(eb.val(token), 'varchar(10)').as('token'),
      eb.cast<string>(eb.val(amount), 'varchar(80)').as('amount'),
    ]),
  );
  if (!first) return;
  const tokens = rest.reduce((union, row) => union.unionAll(row), first).as('tokens');
  await db
    .insertInto('wallet_balances')
    .columns(['wallet_id', 'token', 'amount', 'as_of'])
    .expression(
      db
        .selectFrom('wallets')
        .innerJoin(tokens, (join) => join.onTrue())
        .select((eb) => [
          'wallets.id',
          'tokens.token',
          'tokens.amount',
          eb.cast<string>(eb.val(asOf), 'varchar(30)').as('as_of'),
        ])
        .where('wallets.address', '=', address),
    )
    .onConflict((oc) =>
      oc.columns(['wallet_id', 'token']).doUpdateSet((eb) => ({
        amount: eb.ref('excluded.amount'),
        as_of: eb.ref('excluded.as_of'),
      })),
    )
    .execute();
}

/** Which of `addresses` some user tracks, each with the users who track it. */
export async function trackersOf(db: DB, addresses: readonly string[]) {
  const trackers = new Map<string, number[]>();
  for (const batch of batches([...new Set(addresses)])) {
    const rows = await db
      .selectFrom('wallets')
      .select(['address', 'user_id'])
      .where('address', 'in', batch)
      .execute();
    for (const row of rows)
      trackers.set(row.address, [...(trackers.get(row.address) ?? []), row.user_id]);
  }
  return trackers;
}
