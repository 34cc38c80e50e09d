import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** 'unavailable' is an outage (503), so a server serves its fallback figures. */
export type Mode = 'ok' | 'slow' | 'error' | 'unavailable' | 'garbage' | 'huge' | 'reset';

/**
 * CoinGecko's coin ids of the tokens' prices (PIXEL, AXS, SLP, RON for WRON, ETH for WETH, USDC)
 * and of WETH's own coin, which the current prices name; any other id is an unknown coin.
 */
const COIN_IDS = [
  'pixels',
  'axie-infinity',
  'smooth-love-potion',
  'ronin',
  'ethereum',
  'weth',
  'usd-coin',
] as const;
type CoinId = (typeof COIN_IDS)[number];
const isCoinId = (id: string): id is CoinId => (COIN_IDS as readonly string[]).includes(id);

const HISTORY_PATH = /^\/api\/v3\/coins\/([a-z-]+)\/history$/;
const RANGE_PATH = /^\/api\/v3\/coins\/([a-z-]+)\/market_chart\/range$/;
const DAY_MS = 86_400_000;
/** How far back CoinGecko's free and keyless plans answer past prices. */
const REACH_DAYS = 365;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2})?$/;
const UNIX_SECONDS = /^\d{1,12}$/;

/** An error answer in the shape CoinGecko gives one. */
class Refusal {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {}
}

export type FakeUpstream = Awaited<ReturnType<typeof startFakeUpstream>>;

/**
 * A stand-in for the price, exchange-rate and market services on 127.0.0.1, for the server's
 * tests, the load test and the benchmarks: answers like the real ones in mode 'ok', and
 * misbehaves on demand. Counts the calls it receives per path, and keeps every address asked
 * (with its query) in `requests`. `latencyMs` delays each answer, as a real service's network
 * does, so that concurrent misses can pile up.
 */
export async function startFakeUpstream(options: { mode?: Mode; latencyMs?: number } = {}) {
  let mode: Mode = options.mode ?? 'ok';
  const calls: Record<string, number> = {};
  const requests: string[] = [];
  const bodies: Record<string, unknown> = {
    // CoinGecko's own IDR price differs a little from USD times the exchange rate (800).
    '/api/v3/simple/price': {
      pixels: { usd: 0.05, idr: 790 },
      'axie-infinity': { usd: 2.5, idr: 39_500 },
      ronin: { usd: 0.5, idr: 7_900 },
      'smooth-love-potion': { usd: 0.002, idr: 31.6 },
      weth: { usd: 3_000, idr: 47_400_000 },
      'usd-coin': { usd: 1, idr: 15_800 },
    },
    '/fx': { result: 'success', rates: { IDR: 16_000, USD: 1 } },
    '/market': {
      data: {
        Farming: [
          { name: 'Popberry', level: 2, profit_per_energy: '0.5', sell_price: 10, time: 3 },
          { energy: 4 },
        ],
      },
    },
  };
  /** The USD price of each coin at 00:00 UTC of a day (YYYY-MM-DD). */
  const history = Object.fromEntries(COIN_IDS.map((id) => [id, {}])) as Record<
    CoinId,
    Record<string, number>
  >;
  /** When the current prices were last updated (UNIX seconds), as `last_updated_at` says. */
  let pricesUpdatedAt = Math.floor(Date.now() / 1000) - 120;
  /** When the exchange rates were last updated (UNIX seconds): once a day, just after 00:00 UTC. */
  let ratesUpdatedAt = Math.floor(Date.now() / DAY_MS) * 86_400 + 151;

  const beyondReach = (ms: number) =>
    ms < Math.floor(Date.now() / DAY_MS) * DAY_MS - REACH_DAYS * DAY_MS
      ? new Refusal(401, {
          error: {
            status: {
              error_code: 10012,
              error_message: `The plan answers past data within the last ${REACH_DAYS} days only.`,
            },
          },
        })
      : undefined;

  /** `/coins/{id}/history?date=YYYY-MM-DD`; any other form of the date is refused. */
  const historyAnswer = (coin: CoinId, date: string | null) => {
    if (!date || !ISO_DAY.test(date) || Number.isNaN(Date.parse(date)))
      return new Refusal(400, { error: 'invalid date' });
    const refused = beyondReach(Date.parse(date));
    if (refused) return refused;
    const usd = history[coin][date];
    // Like CoinGecko for a day it has no figures for: the coin, without market data.
    if (usd === undefined) return { id: coin, symbol: coin.slice(0, 4), name: coin };
    return { id: coin, market_data: { current_price: { usd, idr: usd * 15_900 } } };
  };

  const timeParameter = (text: string | null) => {
    if (text && UNIX_SECONDS.test(text)) return Number(text) * 1000;
    if (text && ISO_TIME.test(text)) return Date.parse(text.length === 10 ? text : `${text}Z`);
    return Number.NaN;
  };

  /**
   * `/coins/{id}/market_chart/range?vs_currency=usd&from=&to=`: over 90 days one point a day at
   * 00:00 UTC, else one an hour (each at its day's price), as the documentation describes.
   */
  const rangeAnswer = (coin: CoinId, query: URLSearchParams) => {
    const from = timeParameter(query.get('from'));
    const to = timeParameter(query.get('to'));
    if (query.get('vs_currency') !== 'usd' || Number.isNaN(from) || Number.isNaN(to) || to < from)
      return new Refusal(400, { error: 'invalid parameters' });
    const refused = beyondReach(from);
    if (refused) return refused;
    const step = to - from > 90 * DAY_MS ? DAY_MS : DAY_MS / 24;
    const prices: [number, number][] = [];
    for (let at = Math.ceil(from / step) * step; at <= to; at += step) {
      const usd = history[coin][new Date(at).toISOString().slice(0, 10)];
      if (usd !== undefined) prices.push([at, usd]);
    }
    return {
      prices,
      market_caps: prices.map(([at, usd]) => [at, usd * 1e9]),
      total_volumes: prices.map(([at, usd]) => [at, usd * 1e7]),
    };
  };

  /** `/simple/price`, with each coin's `last_updated_at` when asked for. */
  const simplePriceAnswer = (query: URLSearchParams) => {
    const body = bodies['/api/v3/simple/price'] as Record<string, Record<string, number>>;
    if (query.get('include_last_updated_at') !== 'true') return body;
    return Object.fromEntries(
      Object.entries(body).map(([coin, price]) => [
        coin,
        { ...price, last_updated_at: pricesUpdatedAt },
      ]),
    );
  };

  /** The open access endpoint's answer, with the times of its daily update. */
  const ratesAnswer = () => {
    const body = bodies['/fx'] as Record<string, unknown>;
    if ('time_last_update_unix' in body || body.result !== 'success') return body;
    const next = ratesUpdatedAt + 86_400;
    return {
      result: 'success',
      provider: 'https://www.exchangerate-api.com',
      documentation: 'https://www.exchangerate-api.com/docs/free',
      terms_of_use: 'https://www.exchangerate-api.com/terms',
      time_last_update_unix: ratesUpdatedAt,
      time_last_update_utc: new Date(ratesUpdatedAt * 1000).toUTCString(),
      time_next_update_unix: next,
      time_next_update_utc: new Date(next * 1000).toUTCString(),
      time_eol_unix: 0,
      base_code: 'USD',
      ...body,
    };
  };

  /** CoinGecko's answer to a coin id it does not know. */
  const unknownCoin = new Refusal(404, { error: 'coin not found' });

  const bodyFor = (path: string, query: URLSearchParams) => {
    const historyCoin = HISTORY_PATH.exec(path)?.[1];
    if (historyCoin) {
      return isCoinId(historyCoin) ? historyAnswer(historyCoin, query.get('date')) : unknownCoin;
    }
    const rangeCoin = RANGE_PATH.exec(path)?.[1];
    if (rangeCoin) return isCoinId(rangeCoin) ? rangeAnswer(rangeCoin, query) : unknownCoin;
    if (path === '/api/v3/simple/price') return simplePriceAnswer(query);
    if (path === '/fx') return ratesAnswer();
    return bodies[path];
  };

  const answer = (request: http.IncomingMessage, response: http.ServerResponse) => {
    const address = request.url ?? '/';
    const path = address.split('?')[0]!;
    calls[path] = (calls[path] ?? 0) + 1;
    requests.push(address);
    if (mode === 'slow') {
      const timer = setTimeout(() => response.end('{}'), 10_000);
      response.on('close', () => clearTimeout(timer));
      return;
    }
    if (mode === 'reset') return void request.socket.destroy();
    if (mode === 'error') return void response.writeHead(500).end('{"error":"down"}');
    if (mode === 'unavailable')
      return void response.writeHead(503, { 'content-type': 'application/json' }).end('{}');
    if (mode === 'garbage')
      return void response.writeHead(200, { 'content-type': 'application/json' }).end('<html>nope');
    if (mode === 'huge') {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write('{"pad":"');
      const chunk = 'x'.repeat(64 * 1024);
      for (let i = 0; i < 160; i += 1) response.write(chunk);
      return void response.end('"}');
    }
    const body = bodyFor(path, new URL(address, 'http://x').searchParams);
    if (!body) return void response.writeHead(404).end('{}');
    const [status, json] = body instanceof Refusal ? [body.status, body.body] : [200, body];
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json));
  };
  const server = http.createServer((request, response) => {
    if (!options.latencyMs) return answer(request, response);
    const timer = setTimeout(() => answer(request, response), options.latencyMs);
    response.on('close', () => clearTimeout(timer));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    requests,
    setMode(next: Mode) {
      mode = next;
    },
    /** What `path` answers from now on. */
    setBody(path: string, body: unknown) {
      bodies[path] = body;
    },
    /** The price CoinGecko's history gives `coin` at 00:00 UTC of `day` (YYYY-MM-DD). */
    setHistory(coin: CoinId, day: string, usd: number) {
      history[coin][day] = usd;
    },
    /** When the prices were last updated (`last_updated_at`, UNIX seconds). */
    setPricesUpdatedAt(unixSeconds: number) {
      pricesUpdatedAt = unixSeconds;
    },
    /** When the exchange rates were last updated (`time_last_update_unix`). */
    setRatesUpdatedAt(unixSeconds: number) {
      ratesUpdatedAt = unixSeconds;
    },
    /** The calls made to CoinGecko's past prices of `coin` (single days and ranges). */
    historyCalls(coin: CoinId) {
      return (
        (calls[`/api/v3/coins/${coin}/history`] ?? 0) +
        (calls[`/api/v3/coins/${coin}/market_chart/range`] ?? 0)
      );
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
