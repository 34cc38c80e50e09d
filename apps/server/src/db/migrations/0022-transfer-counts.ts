import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // How many stored transfers of each token each address has on each side ('in' to it, 'out' of
  // it), kept in the transaction that stores them: a user's activity total (X-Total-Count) is the
  // sum over their wallets, read from a few rows instead of counted from every transfer.
  await db.schema
    .createTable('chain_transfer_counts')
    .addColumn('address', 'varchar(42)', (col) => col.notNull())
    .addColumn('token', 'varchar(42)', (col) => col.notNull())
    .addColumn('side', 'varchar(3)', (col) => col.notNull())
    .addColumn('transfers', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('chain_transfer_counts_pk', ['address', 'token', 'side'])
    .execute();
  await sql`
    insert into chain_transfer_counts (address, token, side, transfers)
    select from_address, token, 'out', count(*) from chain_transfers group by from_address, token
    union all
    select to_address, token, 'in', count(*) from chain_transfers group by to_address, token
  `.execute(db);

  // Wallets by address: who tracks a side of the transfers a window stored (their kept answers,
  // their income) is found without reading every wallet.
  await db.schema.createIndex('wallets_address_idx').on('wallets').column('address').execute();
}
