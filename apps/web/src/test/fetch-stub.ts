import { vi } from 'vitest';

type Reply = { status: number; body?: unknown; headers?: Record<string, string> };

/** One request the app made, as a test wants to look at it. */
export type ApiCall = { method: string; url: URL; init: RequestInit | undefined };

export function jsonResponse({ status, body, headers }: Reply): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

/** A list answer as the server gives it: the rows, and the number of matches in a header. */
export function listReply(items: unknown[], total = items.length): Reply {
  return { status: 200, body: items, headers: { 'X-Total-Count': String(total) } };
}

const NO_PORTFOLIO = {
  wallets: [],
  summary: { total_usd: 0, tokens: [], as_of: null, unavailable: 0, stale: 0, unpriced: [] },
  usd_idr: 16_000,
  sources: {
    price: { name: 'CoinGecko', url: 'https://www.coingecko.com', asOf: null, stale: true },
    rate: {
      name: 'ExchangeRate-API',
      url: 'https://www.exchangerate-api.com',
      asOf: null,
      stale: true,
    },
  },
  next_check: null,
  limited: false,
};

const CONTENT_LIST = /^\/api\/(games|blogs|tools)$/;
const INCOME_SUGGESTIONS = /^\/api\/income-(pixels|axie)\/suggestions$/;
const INCOME_AUTO_ADD = /^\/api\/income-(pixels|axie)\/auto-add$/;

/**
 * The calls the layout makes on its own: the public pages read the content lists, every public
 * page reports its view, the signed-in header reads the notifications for its badge, and logging
 * out tells the server; the Wallet Tracker reads the portfolio beside the wallets, and the income
 * pages the income found on chain and the wallets' switches beside the records. They answer
 * empty unless a test gives a reply.
 */
function backgroundReply(call: ApiCall): Reply | undefined {
  const { method, url } = call;
  if (method === 'GET' && CONTENT_LIST.test(url.pathname)) return listReply([]);
  if (method === 'POST' && url.pathname === '/api/visits') return { status: 204 };
  if (method === 'GET' && url.pathname === '/api/admin-notifications') return listReply([]);
  if (method === 'GET' && url.pathname === '/api/notifications') return listReply([]);
  if (method === 'GET' && url.pathname === '/api/portfolio')
    return { status: 200, body: NO_PORTFOLIO };
  if (method === 'GET' && url.pathname === '/api/portfolio/history') {
    return { status: 200, body: { days: [], usd_idr: 16_000 } };
  }
  if (method === 'GET' && INCOME_SUGGESTIONS.test(url.pathname)) {
    return { status: 200, body: { data: [], total: 0 }, headers: { 'X-Total-Count': '0' } };
  }
  if (method === 'GET' && INCOME_AUTO_ADD.test(url.pathname))
    return { status: 200, body: { data: [] } };
  if (method === 'POST' && url.pathname === '/api/logout') {
    return { status: 200, body: { message: 'Signed out.' } };
  }
  return undefined;
}

function toCall(input: Parameters<typeof fetch>[0], init: RequestInit | undefined): ApiCall {
  const address = input instanceof Request ? input.url : String(input);
  return { method: init?.method ?? 'GET', url: new URL(address, 'http://localhost'), init };
}

/**
 * Replaces fetch with one that asks `answer` for each call. The layout's own calls (see
 * backgroundReply) answer empty unless `answer` gives a reply; any other call without a reply
 * fails, so a test never talks to a server by accident.
 */
export function stubApi(answer: (call: ApiCall) => Reply | undefined) {
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const call = toCall(input, init);
    const reply = answer(call) ?? backgroundReply(call);
    if (reply === undefined) {
      throw new Error(
        `No stubbed answer for ${call.method} ${call.url.pathname}${call.url.search}`,
      );
    }
    return jsonResponse(reply);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/**
 * Answers the calls with the given replies, in order. The layout's own calls are left out of the
 * order and answer empty, so the replies go to the calls a test is about.
 */
export function stubFetch(...replies: Reply[]) {
  const queue = [...replies];
  return stubApi((call) => (backgroundReply(call) ? undefined : queue.shift()));
}

/** The calls made so far, as method and address (path and query). */
export function callsMade(fetchMock: ReturnType<typeof stubApi>): string[] {
  return fetchMock.mock.calls.map(([input, init]) => {
    const { method, url } = toCall(input, init);
    return `${method} ${url.pathname}${url.search}`;
  });
}

/** The JSON body of the nth fetch call. */
export function sentBody(fetchMock: ReturnType<typeof stubFetch>, call = 0): unknown {
  const init = fetchMock.mock.calls[call]?.[1];
  return typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
}
