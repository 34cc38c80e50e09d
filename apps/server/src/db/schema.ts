import type { ColumnType, Generated, Selectable } from 'kysely';

export type Engine = 'sqlite' | 'postgres';

/** Timestamps travel as ISO-8601 strings in UTC on both engines (see codecs.ts). */
export type Timestamp = string;

export interface UsersTable {
  id: Generated<number>;
  username: string;
  /** What makes a username taken: usernameKey(username), unique (migration 0008). */
  username_key: string;
  email: string;
  password_hash: string;
  role: 'admin' | 'user';
  created_at: Timestamp;
  /** Named by each session token; raising it ends every session of the user (migration 0009). */
  session_generation: Generated<number>;
  /** Why the sessions last ended (SessionEndReason), or null (migration 0017). */
  session_end_reason: ColumnType<string | null, string | null | undefined, string | null>;
  /** "Mail me when income arrives" (migration 0021); 1/0, read back through decodeBool. */
  mail_income: ColumnType<boolean | number, number | undefined, number>;
}

export interface GamesTable {
  id: Generated<number>;
  name: string;
  description: string;
  link: string;
  image: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface BlogsTable {
  id: Generated<number>;
  title: string;
  description: string | null;
  /**
   * Whether the description was derived from the content rather than written (migration 0011).
   * Written 1/0 on both engines, read back through decodeBool (see codecs.ts).
   */
  description_derived: ColumnType<boolean | number, number | undefined, number>;
  content: string;
  image: string | null;
  author: string;
  /** YYYY-MM-DD, which sorts correctly as text on both engines. */
  date: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/**
 * Games counted per block of GAME_BLOCK_IDS consecutive ids, and blog posts per month of their
 * date, kept by triggers (migration 0007). Both blocks follow each list's order, so the total is
 * the sum of the counts, and a page at any offset starts in the block those counts point to.
 */
export const GAME_BLOCK_IDS = 1024;

export interface GameBlocksTable {
  /** id / GAME_BLOCK_IDS, rounded down. */
  block: number;
  row_count: number;
}

export interface BlogMonthsTable {
  /** YYYY-MM of the posts' date. */
  month: string;
  row_count: number;
}

export interface ToolsTable {
  id: Generated<number>;
  name: string;
  icon: string;
  description: string;
  link: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Uploaded pictures, re-encoded to WebP and addressed by the SHA-256 of their bytes. */
export interface UploadsTable {
  hash: string;
  mime: string;
  bytes: Buffer;
  width: number;
  height: number;
  size: number;
  created_at: Timestamp;
}

/** Facts about this installation, such as whether the demo content was ever seeded. */
export interface AppMetaTable {
  key: string;
  value: string;
}

export interface NotificationsTable {
  id: Generated<number>;
  title: string;
  message: string;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** The row's JSON object around the reader's read state, kept by the database (migration 0024). */
  item_head: ColumnType<string, never, never>;
  item_tail: ColumnType<string, never, never>;
}

/** Which user has read which notification: read state is per user. */
export interface NotificationReadsTable {
  user_id: number;
  notification_id: number;
  read_at: Timestamp;
}

/** Page views per day and path, counted by upsert: one row a day per path, never a scan. */
export interface PageViewsDailyTable {
  day: string;
  path: string;
  views: number;
}

/** Distinct visitors per day, as salted hashes that cannot be linked across days. */
export interface VisitorsDailyTable {
  day: string;
  visitor: string;
}

/** The salt of the current day; older salts are deleted so old hashes cannot be recomputed. */
export interface VisitSaltsTable {
  day: string;
  salt: string;
}

export interface WalletsTable {
  id: Generated<number>;
  user_id: number;
  wallet_name: string;
  /** 0x + 40 lower-case hex digits, whatever prefix was typed: the form duplicates are found by. */
  address: string;
  /** The prefix the user typed: '0x' or 'ronin:'. */
  address_prefix: string;
  category: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** The row as the API's JSON object, kept by the database (migration 0024). */
  item_json: ColumnType<string, never, never>;
}

export interface LinksTable {
  id: Generated<number>;
  user_id: number;
  title: string;
  url: string;
  category: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** The row as the API's JSON object, kept by the database (migration 0024). */
  item_json: ColumnType<string, never, never>;
}

/** The last good answer of each third-party source, served when the source fails. */
export interface GatewaySnapshotsTable {
  source: string;
  payload: string;
  as_of: string;
}

export interface IncomeRecordsTable {
  id: Generated<number>;
  user_id: number;
  token: 'pixels' | 'axs';
  amount: number;
  expense: number;
  expense_type: string;
  expense_description: string;
  date: string;
  /** The token's price on the record's date; null until one is known ("price pending"). */
  price_usd: number | null;
  /** The USD→IDR rate of usd_idr_date (the record's date, or the nearest day one is known). */
  usd_idr: number | null;
  usd_idr_date: string | null;
  converted_expense: string;
  /** Income minus expense in USD; null while the price is pending. */
  net_income: number | null;
  /** The chain transfer the record was added from; null for one typed by hand. */
  chain_transfer_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** The row as the API's JSON object, kept by the database (migration 0024). */
  item_json: ColumnType<string, never, never>;
}

/**
 * One figure per series and day, shared by every user and instance: a token's price on a past
 * day (series `pixels`, `axs`), asked for once, and the USD→IDR rate seen on a day (`usd-idr`).
 * A null value: the service had no figure for that day when asked at `as_of`.
 */
export interface DailyRatesTable {
  series: string;
  day: string;
  value: number | null;
  as_of: string;
}

/** Signed-out tokens by their jti, kept until they would have expired (seconds since the epoch). */
/** Rows per user and personal list, kept by triggers (migration 0014). */
export interface PersonalListCountsTable {
  user_id: number;
  list: 'wallets' | 'links';
  row_count: number;
}

/** What each signed-in answer is read from, counted per write (migration 0015). */
export interface ListVersionsTable {
  list: VersionedList;
  /** 0 for a list every user reads (the notifications). */
  user_id: number;
  version: number;
}

/**
 * The lists with a version. The tables after notifications came after migration 0015 and have no
 * trigger (migrations are frozen): each one's only writer raises its version in the transaction
 * that writes it (raiseListVersions), and deleting a user raises a user's as it does all:
 * - user_notifications: modules/notifications' repository;
 * - chain_transfers, per user tracking either side of a stored transfer: modules/activity's
 *   repository (insertTransfers), with the transfers' per-address counts;
 * - chain_follow_cursors (shared): modules/activity's repository, as the cursor moves;
 * - daily_rates (shared): gateway/daily-rates.repository.ts, on every day's figure written.
 */
export type VersionedList =
  | 'wallets'
  | 'links'
  | 'income_records'
  | 'notification_reads'
  | 'notifications'
  | 'user_notifications'
  | 'chain_transfers'
  | 'chain_follow_cursors'
  | 'daily_rates';

export interface RevokedTokensTable {
  jti: string;
  expires_at: number;
}

/** One row: how many writes have ended sessions (PostgreSQL answers the bigint as text). */
export interface SessionEndsTable {
  id: number;
  count: ColumnType<number | string, number, number>;
}

/** A tracked wallet's last good amount of one token (raw integer as decimal text). */
export interface WalletBalancesTable {
  wallet_id: number;
  token: string;
  amount: string;
  as_of: string;
}

/** A wallet's total in USD on a UTC day, taken once that day. */
export interface WalletValueSnapshotsTable {
  wallet_id: number;
  day: string;
  total_usd: number;
  as_of: string;
}

/** The snapshot passes (UTC hours, 2026-03-05T14) an instance has claimed. */
export interface PortfolioSnapshotRunsTable {
  run: string;
  claimed_at: string;
}

/**
 * How many stored transfers of a token an address has on one side, kept by insertTransfers in
 * the transaction that stores them (migration 0022).
 */
export interface ChainTransferCountsTable {
  address: string;
  /** The token's contract address. */
  token: string;
  side: 'in' | 'out';
  transfers: number;
}

/** An ERC-20 transfer of a configured token to or from a followed address, one per log. */
export interface ChainTransfersTable {
  id: Generated<number>;
  chain_id: number;
  tx_hash: string;
  log_index: number;
  block_number: number;
  /** ISO 8601 UTC, the time of the block that holds the transfer. */
  block_time: string;
  /** The token's contract address. */
  token: string;
  from_address: string;
  to_address: string;
  /** The raw uint256 amount as decimal text. */
  amount: string;
}

/** A transfer a user no longer wants offered as income. */
export interface IncomeSuggestionIgnoresTable {
  user_id: number;
  chain_transfer_id: number;
  ignored_at: Timestamp;
}

/** A wallet whose incoming transfers of an income token become income records without a click. */
export interface WalletIncomeAutoTable {
  wallet_id: number;
  token: 'pixels' | 'axs';
  created_at: Timestamp;
}

/** A notification for one user, shown in the bell beside the admins' broadcasts. */
export interface UserNotificationsTable {
  id: Generated<number>;
  user_id: number;
  title: string;
  message: string;
  /** The transfer it tells of, told once per user; null for any other notification. */
  chain_transfer_id: number | null;
  created_at: Timestamp;
  read_at: Timestamp | null;
  /** To be mailed and not yet claimed by a mailer (migration 0021); 1/0, through decodeBool. */
  mail_pending: ColumnType<boolean | number, number | undefined, number>;
  /** The row's JSON object around the reader's read state, kept by the database (migration 0024). */
  item_head: ColumnType<string, never, never>;
  item_tail: ColumnType<string, never, never>;
}

/** A user's price alert: a token above or below a price in USD or IDR (migration 0021). */
export interface PriceAlertsTable {
  id: Generated<number>;
  user_id: number;
  token: string;
  direction: 'above' | 'below';
  currency: 'usd' | 'idr';
  price: number;
  /** Whether a firing is also mailed; 1/0, read back through decodeBool. */
  mail: ColumnType<boolean | number, number | undefined, number>;
  /** 'armed' until the price crosses the line, then 'fired' until it crosses back. */
  state: 'armed' | 'fired';
  last_price: number | null;
  last_checked_at: Timestamp | null;
  last_fired_at: Timestamp | null;
  fired_count: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** An ERC-721 transfer of a configured collection to or from a followed address, one per log. */
export interface ChainNftTransfersTable {
  id: Generated<number>;
  chain_id: number;
  tx_hash: string;
  log_index: number;
  block_number: number;
  /** ISO 8601 UTC, the time of the block that holds the transfer. */
  block_time: string;
  /** The collection's contract address. */
  collection: string;
  from_address: string;
  to_address: string;
  /** The uint256 token id as decimal text. */
  token_id: string;
}

/** The last block the follower read in full on a chain, for every followed address. */
export interface ChainFollowCursorsTable {
  chain_id: number;
  last_block: number;
  updated_at: string;
  /** The time of last_block's block (ISO 8601 UTC); null until the follower next moves it. */
  last_block_time: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A followed address and the blocks of its backfill still to read (none once next > last). */
export interface ChainFollowAddressesTable {
  chain_id: number;
  address: string;
  backfill_next: number;
  backfill_last: number;
  added_at: string;
}

/** The follower's latest claimed poll period, by follower. */
export interface ChainFollowRunsTable {
  follower: string;
  run: string;
  claimed_at: string;
}

/** A pending password reset: the SHA-256 (hex) of the mailed token, until expires_at (seconds). */
export interface PasswordResetsTable {
  user_id: number;
  token_hash: string;
  expires_at: number;
}

export interface Database {
  users: UsersTable;
  games: GamesTable;
  blogs: BlogsTable;
  game_blocks: GameBlocksTable;
  blog_months: BlogMonthsTable;
  tools: ToolsTable;
  uploads: UploadsTable;
  app_meta: AppMetaTable;
  notifications: NotificationsTable;
  notification_reads: NotificationReadsTable;
  page_views_daily: PageViewsDailyTable;
  visitors_daily: VisitorsDailyTable;
  visit_salts: VisitSaltsTable;
  wallets: WalletsTable;
  links: LinksTable;
  gateway_snapshots: GatewaySnapshotsTable;
  income_records: IncomeRecordsTable;
  daily_rates: DailyRatesTable;
  revoked_tokens: RevokedTokensTable;
  session_ends: SessionEndsTable;
  wallet_balances: WalletBalancesTable;
  wallet_value_snapshots: WalletValueSnapshotsTable;
  portfolio_snapshot_runs: PortfolioSnapshotRunsTable;
  password_resets: PasswordResetsTable;
  personal_list_counts: PersonalListCountsTable;
  list_versions: ListVersionsTable;
  chain_transfers: ChainTransfersTable;
  chain_transfer_counts: ChainTransferCountsTable;
  chain_follow_cursors: ChainFollowCursorsTable;
  chain_follow_addresses: ChainFollowAddressesTable;
  chain_follow_runs: ChainFollowRunsTable;
  income_suggestion_ignores: IncomeSuggestionIgnoresTable;
  wallet_income_auto: WalletIncomeAutoTable;
  user_notifications: UserNotificationsTable;
  price_alerts: PriceAlertsTable;
  chain_nft_transfers: ChainNftTransfersTable;
}

export type UserRow = Selectable<UsersTable>;
