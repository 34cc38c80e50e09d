import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';

/**
 * A signed-in answer as it was sent, the versions of what it was read from, and when those were
 * last found current: at which count of the file's changes (SQLite's db.changesNow).
 */
export type Kept = {
  version: string;
  body: Buffer;
  headers: readonly (readonly [string, string])[];
  /**
   * Every header of the answer as sent, content-length included, flat as node:http's writeHead
   * takes them: what the kept-answer door (kept-answer-door.ts) writes.
   */
  wire: readonly string[];
  /** Its route is for administrators: the door sends it to no one else. */
  adminOnly: boolean;
  /** Its versions, read again: the door checks them itself once `checked` is out of date. */
  versions: ReadVersions;
  checked: number | undefined;
  /** When it was read from figures of the gateway as well: the time they may next change. */
  until: number;
};

/** A request whose answer may be kept once sent: under which key and versions, until when. */
type Pending = {
  key: string;
  version: string;
  checked: number | undefined;
  until: number;
  versions: ReadVersions;
};

/** Reads the versions of what an answer was read from, as keptAnswers does for its request. */
export type ReadVersions = () => string | Promise<string>;

/** What each entry costs besides its text: the key, the versions and the objects. */
const ENTRY_OVERHEAD_BYTES = 256;

/**
 * Signed-in answers (a user's first page of wallets, their income records, the notifications
 * with their read state), kept in memory per user and URL with the versions of the rows they
 * were read from (db/list-versions.repository.ts). An answer is sent again only while those
 * versions are unchanged. A write by any code path or cascade raises a version in its own
 * transaction, so nothing here needs telling:
 *
 * - On PostgreSQL (any number of instances) the versions are read on every request: one indexed
 *   row, where the answer would cost the page's query, its rows and their serialisation.
 * - On SQLite they are read again only once the file's change count (db.changesNow) has moved
 *   since they were: at once after any write by this process, within RECHECK_MS after another
 *   process's; a read of the file costs each request two system calls.
 *
 * Kept as UTF-8 bytes, sent as they are; bounded by bytes, the least recently read going first.
 */
export class PersonalAnswers {
  private readonly kept: LRUCache<string, Kept> | undefined;
  private readonly pending = new WeakMap<FastifyRequest, Pending>();

  constructor(
    maxBytes: number,
    private readonly now: () => number = Date.now,
  ) {
    this.kept =
      maxBytes > 0
        ? new LRUCache<string, Kept>({
            maxSize: maxBytes,
            sizeCalculation: (entry, key) =>
              entry.body.length +
              key.length +
              entry.version.length +
              entry.wire.reduce((sum, text) => sum + text.length, 0) +
              ENTRY_OVERHEAD_BYTES,
          })
        : undefined;
  }

  get enabled() {
    return this.kept !== undefined;
  }

  get size() {
    return this.kept?.size ?? 0;
  }

  /**
   * Sends the answer kept for `key` if nothing can have changed it: the file's change count
   * (`changes`, SQLite's db.changesNow) is what it was when its versions were read. Answers
   * whether it did.
   */
  sendUnchanged(reply: FastifyReply, key: string, changes: number): boolean {
    const kept = this.unchanged(key, changes);
    if (!kept) return false;
    send(reply, kept);
    return true;
  }

  /** The answer kept for `key` if nothing can have changed it (as sendUnchanged decides). */
  unchanged(key: string, changes: number): Kept | undefined {
    const kept = this.kept?.get(key);
    return kept && kept.checked === changes && this.now() < kept.until ? kept : undefined;
  }

  /**
   * The answer kept for `key` if nothing can have changed it, or else if its versions, read
   * again now (at once, on SQLite outside a transaction), are still those it was read at. What
   * the door (kept-answer-door.ts) sends; undefined when the way through Fastify must decide.
   */
  current(key: string, changes: number): Kept | undefined {
    const kept = this.kept?.get(key);
    if (!kept || this.now() >= kept.until) return undefined;
    if (kept.checked === changes) return kept;
    if (kept.versions() !== kept.version) return undefined;
    kept.checked = changes;
    return kept;
  }

  /**
   * Sends the answer kept for `key` if it was read at `version` (just read from the database,
   * when the connection's change count was `changes`), and answers true; otherwise remembers
   * that this request's answer may be kept under `key` at `version` once sent.
   */
  answer(
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    version: string,
    changes: number | undefined,
    versions: ReadVersions,
  ): boolean {
    const kept = this.kept?.get(key);
    if (kept && kept.version === version && this.now() < kept.until) {
      kept.checked = changes;
      send(reply, kept);
      return true;
    }
    this.pending.set(request, {
      key,
      version,
      checked: changes,
      until: Number.POSITIVE_INFINITY,
      versions,
    });
    return false;
  }

  /** This request's answer must not be kept (it will change without a write, say). */
  skip(request: FastifyRequest) {
    this.pending.delete(request);
  }

  /**
   * This request's answer is good only until `until` (ms since the epoch) however its rows stay:
   * it was read from figures of the gateway too, which may change then. Not kept if that has
   * passed already.
   */
  keepUntil(request: FastifyRequest, until: number) {
    const pending = this.pending.get(request);
    if (!pending) return;
    if (until <= this.now()) this.pending.delete(request);
    else pending.until = Math.min(pending.until, until);
  }

  /** On sending: keeps a successful answer of a request `answer` said may be kept. */
  sent(request: FastifyRequest, reply: FastifyReply, payload: unknown, headers: readonly string[]) {
    const pending = this.pending.get(request);
    if (!pending || !this.kept) return;
    this.pending.delete(request);
    if (reply.statusCode !== 200 || typeof payload !== 'string') return;
    const kept: [string, string][] = [];
    for (const name of headers) {
      const value = reply.getHeader(name);
      if (value !== undefined) kept.push([name, String(value)]);
    }
    const body = Buffer.from(payload);
    // The rows may be newer than `version` (a write between the two reads): the next request
    // then finds the versions moved on, and reads again.
    this.kept.set(pending.key, {
      version: pending.version,
      body,
      headers: kept,
      wire: wireHeaders(reply, body.length),
      adminOnly: request.routeOptions.config.access === 'admin',
      versions: pending.versions,
      checked: pending.checked,
      until: pending.until,
    });
  }
}

/** The reply's headers as it is about to be sent, flat, with the body's length. */
function wireHeaders(reply: FastifyReply, length: number): string[] {
  const wire: string[] = [];
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value === undefined || name === 'content-length') continue;
    for (const one of Array.isArray(value) ? value : [value]) wire.push(name, String(one));
  }
  wire.push('content-length', String(length));
  return wire;
}

function send(reply: FastifyReply, kept: Kept) {
  for (const [name, value] of kept.headers) reply.header(name, value);
  reply.type('application/json; charset=utf-8').send(kept.body);
}
