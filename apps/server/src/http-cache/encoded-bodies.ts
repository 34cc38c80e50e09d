import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import { LRUCache } from 'lru-cache';
import type { CachedBody } from './response-cache.js';

type Encoding = 'br' | 'gzip';

/** A cached body as it goes on the wire: its bytes in one encoding and their ETag. */
type EncodedBody = {
  bytes: Buffer;
  etag: string;
  /** undefined for the body as it is. */
  encoding: Encoding | undefined;
};

/** Below this a body goes as it is: compressing would save less than a packet. */
const MIN_COMPRESSED_BYTES = 1024;

const COMPRESS: Record<Encoding, (bytes: Buffer) => Buffer> = {
  // Quality 5 comes within a sixth of Brotli's best on these lists in a hundredth of its time.
  br: (bytes) =>
    brotliCompressSync(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 5,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
  gzip: (bytes) => gzipSync(bytes, { level: 6 }),
};

// Brotli first: the smaller of the two, and what browsers ask for over HTTPS.
const negotiator = new Negotiator<Encoding>({
  supportedValues: ['br', 'gzip'],
  // A few distinct Accept-Encoding headers cover nearly every client; a flood of odd ones is cut.
  cache: new LRUCache<string, string>({ max: 64 }),
});

/** The encoding the client's Accept-Encoding prefers, or null for the body as it is. */
const negotiate = (acceptEncoding: string | undefined, length: number) =>
  acceptEncoding && length >= MIN_COMPRESSED_BYTES ? negotiator.negotiate(acceptEncoding) : null;

const known = new WeakMap<CachedBody, Partial<Record<Encoding | 'identity', EncodedBody>>>();

/**
 * The representation of a cached body that the client's Accept-Encoding asks for. Each one is
 * encoded the first time it is asked for and kept with the entry, so a hit compresses nothing:
 * the cost is paid once per entry and encoding, at most a millisecond for a page of a list.
 * Each encoding has its own ETag, as HTTP asks of different bytes.
 */
export function encodedBodyFor(entry: CachedBody, acceptEncoding: string | undefined): EncodedBody {
  let forms = known.get(entry);
  if (!forms) {
    forms = {};
    known.set(entry, forms);
  }
  const identity = (forms.identity ??= {
    bytes: Buffer.from(entry.body),
    etag: entry.etag,
    encoding: undefined,
  });
  const encoding = negotiate(acceptEncoding, identity.bytes.length);
  if (!encoding) return identity;
  return (forms[encoding] ??= {
    bytes: COMPRESS[encoding](identity.bytes),
    etag: `${entry.etag.slice(0, -1)}-${encoding}"`,
    encoding,
  });
}

/** How many distinct pages keep their encoded forms: the list pages and the most read posts. */
const PAGES_KEPT = 200;

/** Encoded forms of recent pages, keyed by the page's HTML, the least recently sent going first. */
const pages = new LRUCache<string, Partial<Record<Encoding, Buffer>>>({ max: PAGES_KEPT });

/**
 * A page's HTML as the client's Accept-Encoding asks for it. A page is rebuilt on each view from
 * cached parts, but its text stays the same until its data changes, so each encoding of the most
 * recent pages is kept: a repeated view looks its text up instead of compressing it again.
 */
export function encodedPage(
  html: string,
  acceptEncoding: string | undefined,
): { body: string | Buffer; encoding: Encoding | undefined } {
  const encoding = negotiate(acceptEncoding, html.length);
  if (!encoding) return { body: html, encoding: undefined };
  let forms = pages.get(html);
  if (!forms) {
    forms = {};
    pages.set(html, forms);
  }
  const body = (forms[encoding] ??= COMPRESS[encoding](Buffer.from(html)));
  return { body, encoding };
}
