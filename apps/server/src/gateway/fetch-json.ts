/** An upstream answer that could not be used: unreachable, too slow, too large, or not JSON. */
export class UpstreamError extends Error {
  /** The HTTP status of an answer that was not a success; undefined when there was no answer. */
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

export type FetchOptions = {
  timeoutMs: number;
  maxBytes: number;
  headers?: Record<string, string>;
};

/**
 * GETs JSON from a configured upstream, giving up after `timeoutMs` and refusing bodies over
 * `maxBytes` (read as a stream, so a huge answer is never held in memory).
 */
export async function fetchJson(url: string, options: FetchOptions): Promise<unknown> {
  const signal = AbortSignal.timeout(options.timeoutMs);
  try {
    const response = await fetch(url, {
      signal,
      headers: { accept: 'application/json', ...options.headers },
      redirect: 'error',
    });
    if (!response.ok) throw new UpstreamError(`answered ${response.status}`, response.status);
    const declared = Number(response.headers.get('content-length') ?? 0);
    if (declared > options.maxBytes) throw new UpstreamError('answer too large');
    const chunks: Uint8Array[] = [];
    let size = 0;
    for await (const chunk of response.body ?? []) {
      size += chunk.byteLength;
      if (size > options.maxBytes) throw new UpstreamError('answer too large');
      chunks.push(chunk);
    }
    try {
      return JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      throw new UpstreamError('answer is not JSON');
    }
  } catch (error) {
    if (error instanceof UpstreamError) throw error;
    throw new UpstreamError(
      signal.aborted ? 'timed out' : `unreachable (${(error as Error).message})`,
    );
  }
}
