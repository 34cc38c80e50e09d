import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyReply } from 'fastify';
import { AppError } from './app-error.js';
import { csvLines, type CsvColumn } from './csv.js';

/*
 * Downloads of a user's whole data (the account file, the wallet, link and income CSVs). One user with
 * 20,000 links asking for 30 at once held every other request, /api/health included, for two
 * seconds: each export read and encoded its rows in large steps, all of them side by side. Now
 * an export is produced a small page at a time, only as fast as the client reads it (the
 * stream asks for the next page once the previous one has been taken), with a turn of the event
 * loop for other requests between pages; and only so many run at once.
 */

/** Exports running at once on an instance; the rest are refused with 429 and Retry-After. */
export const EXPORTS_PER_INSTANCE = 4;
/** Seconds a refused export is told to wait: a 5 MB file takes about a second to produce. */
export const EXPORT_RETRY_AFTER_SECONDS = 5;
/**
 * Rows read and encoded per step. On SQLite a read holds the event loop while it runs: 250 rows
 * a step keep each turn within a few milliseconds (1,000 held it 10-20 ms on a slow machine).
 */
export const EXPORT_PAGE_ROWS = 250;

/** The export slots of one instance: at most one export per user, EXPORTS_PER_INSTANCE in all. */
export class ExportSlots {
  private readonly users = new Set<number>();

  constructor(private readonly perInstance = EXPORTS_PER_INSTANCE) {}

  /**
   * Takes a slot for the user's export until the reply ends (sent, failed or abandoned by the
   * client), or refuses it with 429 and Retry-After in the one error shape.
   */
  take(reply: FastifyReply, userId: number) {
    const refuse = (message: string) => {
      reply.header('retry-after', String(EXPORT_RETRY_AFTER_SECONDS));
      return new AppError(429, message);
    };
    if (this.users.has(userId))
      throw refuse(
        'Your previous download is still being prepared. Try again when it has finished.',
      );
    if (this.users.size >= this.perInstance)
      throw refuse('Too many downloads are being prepared. Try again in a few seconds.');
    this.users.add(userId);
    reply.raw.once('close', () => this.users.delete(userId));
  }

  /** Exports running now (for tests). */
  get running() {
    return this.users.size;
  }
}

/** One page of rows after the key `after`, in key order; `keyOf` gives a row's key. */
export type PageRead<Row> = (after: number, limit: number) => Promise<Row[]>;

/**
 * Every row that `readPage` gives, a page at a time in key order, each page passed through
 * `encode`; the event loop turns before each page is read.
 */
export async function* pagesOf<Row>(
  readPage: PageRead<Row>,
  keyOf: (row: Row) => number,
  encode: (rows: Row[], first: boolean) => string,
) {
  let after = 0;
  for (let first = true; ; first = false) {
    await nextTurn();
    const rows = await readPage(after, EXPORT_PAGE_ROWS);
    if (rows.length === 0) return;
    yield encode(rows, first);
    if (rows.length < EXPORT_PAGE_ROWS) return;
    after = keyOf(rows[rows.length - 1]!);
  }
}

/** A stream of text chunks produced only as the client reads them. */
export const streamOf = (chunks: AsyncIterable<string>) =>
  Readable.from(chunks, { objectMode: false, highWaterMark: 1 });

/**
 * The user's rows as a CSV download under a header line (lib/csv.ts writes the cells), produced a
 * page at a time as the client reads it.
 */
export function sendCsvExport<Row extends { id: number }>(
  reply: FastifyReply,
  filename: string,
  columns: readonly CsvColumn<Row>[],
  readPage: PageRead<Row>,
) {
  async function* chunks() {
    let any = false;
    const encode = (rows: Row[], first: boolean) => csvLines(columns, rows, first);
    for await (const chunk of pagesOf(readPage, (row) => row.id, encode)) {
      any = true;
      yield chunk;
    }
    if (!any) yield csvLines(columns, [], true);
  }
  return reply
    .type('text/csv; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .send(streamOf(chunks()));
}

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's export slots (api-routes.ts). */
    exportSlots: ExportSlots;
  }
}
