import type { Kysely } from 'kysely';
import { EXPORT_FORMAT, EXPORT_VERSION } from '@nexusplay/contract/account';
import type { Database } from '../../db/schema.js';
import { notFound } from '../../lib/app-error.js';
import { pagesOf, streamOf } from '../../lib/exports.js';
import {
  getAccountRecord,
  incomeRecordsPage,
  linksPage,
  notificationReadsPage,
  priceAlertsPage,
  userNotificationsPage,
  walletsPage,
  walletValueSnapshotsPage,
  type PageReader,
} from './account-export.repository.js';

type DB = Kysely<Database>;

/**
 * The file's sections after "account", each an array of the user's rows of one table in key
 * order (docs/account-export.md states the shape). A table of the user's rows is added here.
 */
const SECTIONS: [name: string, readPage: PageReader][] = [
  ['wallets', walletsPage],
  ['links', linksPage],
  ['income_records', incomeRecordsPage],
  ['notification_reads', notificationReadsPage],
  ['wallet_value_snapshots', walletValueSnapshotsPage],
  ['user_notifications', userNotificationsPage],
  ['price_alerts', priceAlertsPage],
];

/** A section's rows, a page at a time (lib/exports.ts), as the inside of a JSON array. */
function sectionChunks(db: DB, userId: number, readPage: PageReader) {
  return pagesOf(
    (after, limit) => readPage(db, userId, after, limit),
    (row) => Number(row.id),
    (rows, first) => (first ? '' : ',') + rows.map((row) => JSON.stringify(row)).join(','),
  );
}

async function* exportChunks(db: DB, account: object, userId: number) {
  const head = {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exported_at: new Date().toISOString(),
    account,
  };
  yield JSON.stringify(head).slice(0, -1);
  for (const [name, readPage] of SECTIONS) {
    yield `,${JSON.stringify(name)}:[`;
    yield* sectionChunks(db, userId, readPage);
    yield ']';
  }
  yield '}\n';
}

/**
 * Everything the user owns as one JSON document, produced as the client reads it: the stream
 * asks for the next page only when the previous one has been taken (lib/exports.ts).
 */
export async function exportAccount(db: DB, userId: number) {
  const account = await getAccountRecord(db, userId);
  if (!account) throw notFound('This account does not exist.');
  return {
    username: account.username,
    stream: streamOf(exportChunks(db, account, userId)),
  };
}
