import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';

/** A signed-in answer as it was sent, and the versions of what it was read from. */
type Kept = { version: string; body: Buffer; headers: readonly (readonly [string, string])[] };

/** A request whose answer may be kept once sent: under which key and versions. */
type Pending = { key: string; version: string };

/** What each entry costs besides its text: the key, the versions and the object itself. */
const ENTRY_OVERHEAD_BYTES = 200;

/**
 * Signed-in answers (a user's first page of wallets, their income records, the notifications
 * with their read state), kept in memory per user and URL with the versions of the rows they
 * were read from (db/list-versions.repository.ts). An answer is sent again only while every one
 * of those versions is unchanged, which the database is asked on every request: a write by any
 * instance, any code path or a cascade raises a version in its own transaction, so nothing here
 * needs telling and nothing stale is ever sent. What is saved is the page read, the objects
 * built from it and the serialisation; the check is one indexed row read.
 *
 * Kept as UTF-8 bytes, sent as they are; bounded by bytes, the least recently read going first.
 */
export class PersonalAnswers {
  private readonly kept: LRUCache<string, Kept> | undefined;
  private readonly pending = new WeakMap<FastifyRequest, Pending>();

  constructor(maxBytes: number) {
    this.kept =
      maxBytes > 0
        ? new LRUCache<string, Kept>({
            maxSize: maxBytes,
            sizeCalculation: (entry, key) =>
              entry.body.length + key.length + entry.version.length + ENTRY_OVERHEAD_BYTES,
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
   * Sends the kept answer for `key` if it was read at `version`, and answers true; otherwise
   * remembers that this request's answer may be kept under `key` at `version` once sent.
   */
  answer(request: FastifyRequest, reply: FastifyReply, key: string, version: string): boolean {
    const kept = this.kept?.get(key);
    if (kept && kept.version === version) {
      for (const [name, value] of kept.headers) reply.header(name, value);
      reply.type('application/json; charset=utf-8').send(kept.body);
      return true;
    }
    this.pending.set(request, { key, version });
    return false;
  }

  /** This request's answer must not be kept (it will change without a write, say). */
  skip(request: FastifyRequest) {
    this.pending.delete(request);
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
    this.kept.set(pending.key, {
      version: pending.version,
      body: Buffer.from(payload),
      headers: kept,
    });
  }
}
