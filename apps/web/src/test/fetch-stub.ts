import { vi } from 'vitest';

type Reply = { status: number; body?: unknown };

export function jsonResponse({ status, body }: Reply): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** Replaces fetch with one that answers every call with the given replies, in order. */
export function stubFetch(...replies: Reply[]) {
  const fetchMock = vi.fn<typeof fetch>();
  for (const reply of replies) fetchMock.mockResolvedValueOnce(jsonResponse(reply));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The JSON body of the nth fetch call. */
export function sentBody(fetchMock: ReturnType<typeof stubFetch>, call = 0): unknown {
  const init = fetchMock.mock.calls[call]?.[1];
  return typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
}
