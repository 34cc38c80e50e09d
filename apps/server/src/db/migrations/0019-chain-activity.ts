import type { Kysely } from 'kysely';
import { addIdColumn, type MigrationEngine } from '../migration-helpers.js';

export async function up(db: Kysely<unknown>, engine: MigrationEngine): Promise<void> {
  // ERC-20 transfers of the configured tokens to or from a tracked address, as the chain logged
  // them: one row per log, however many wallets track its addresses. Amounts are uint256 as
  // decimal text (up to 78 digits), which neither engine's integers hold; addresses are 0x and
  // 40 lower-case hex digits, as wallets keep them; block_time is ISO 8601 UTC.
  await addIdColumn(db.schema.createTable('chain_transfers'), engine)
    .addColumn('chain_id', 'integer', (col) => col.notNull())
    .addColumn('tx_hash', 'varchar(66)', (col) => col.notNull())
    .addColumn('log_index', 'integer', (col) => col.notNull())
    .addColumn('block_number', 'integer', (col) => col.notNull())
    .addColumn('block_time', 'varchar(24)', (col) => col.notNull())
    .addColumn('token', 'varchar(42)', (col) => col.notNull())
    .addColumn('from_address', 'varchar(42)', (col) => col.notNull())
    .addColumn('to_address', 'varchar(42)', (col) => col.notNull())
    .addColumn('amount', 'varchar(78)', (col) => col.notNull())
    .addUniqueConstraint('chain_transfers_log_key', ['chain_id', 'tx_hash', 'log_index'])
    .execute();
  // A wallet's transfers newest first, on either side of them.
  await db.schema
    .createIndex('chain_transfers_from_idx')
    .on('chain_transfers')
    .columns(['from_address', 'block_number', 'log_index'])
    .execute();
  await db.schema
    .createIndex('chain_transfers_to_idx')
    .on('chain_transfers')
    .columns(['to_address', 'block_number', 'log_index'])
    .execute();

  // The follower's cursor on each chain: the last block read in full for every followed address
  // whose backfill is done or under way (their new blocks are read together from here on).
  await db.schema
    .createTable('chain_follow_cursors')
    .addColumn('chain_id', 'integer', (col) => col.primaryKey())
    .addColumn('last_block', 'integer', (col) => col.notNull())
    .addColumn('updated_at', 'varchar(24)', (col) => col.notNull())
    .execute();

  // Each followed address and its backfill: the blocks from backfill_next to backfill_last (the
  // cursor when the address was first seen) are still to be read for it; none once next passes
  // last.
  await db.schema
    .createTable('chain_follow_addresses')
    .addColumn('chain_id', 'integer', (col) => col.notNull())
    .addColumn('address', 'varchar(42)', (col) => col.notNull())
    .addColumn('backfill_next', 'integer', (col) => col.notNull())
    .addColumn('backfill_last', 'integer', (col) => col.notNull())
    .addColumn('added_at', 'varchar(24)', (col) => col.notNull())
    .addPrimaryKeyConstraint('chain_follow_addresses_pk', ['chain_id', 'address'])
    .execute();

  // The follower's passes, claimed as the snapshot passes are: the instance whose claim of a poll
  // period (its start, ISO 8601) lands follows for that period; one row per follower, raised.
  await db.schema
    .createTable('chain_follow_runs')
    .addColumn('follower', 'varchar(20)', (col) => col.primaryKey())
    .addColumn('run', 'varchar(24)', (col) => col.notNull())
    .addColumn('claimed_at', 'varchar(24)', (col) => col.notNull())
    .execute();
}
