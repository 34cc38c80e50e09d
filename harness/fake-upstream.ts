import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** 'unavailable' is an outage (503), so a server serves its fallback figures. */
export type Mode = 'ok' | 'slow' | 'error' | 'unavailable' | 'garbage' | 'huge' | 'reset';

/** CoinGecko's coin ids of the two tokens. */
type CoinId = 'pixels' | 'axie-infinity';

const HISTORY_PATH = /^\/api\/v3\/coins\/([a-z-]+)\/history$/;

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
  /** The USD price of each coin per day, keyed DD-MM-YYYY as CoinGecko's history asks. */
  const history: Record<CoinId, Record<string, number>> = { pixels: {}, 'axie-infinity': {} };

  const historyAnswer = (coin: string, date: string | null) => {
    const usd = history[coin as CoinId]?.[date ?? ''];
    // Like CoinGecko for a day it has no figures for: the coin, without market data.
    if (usd === undefined) return { id: coin, symbol: coin.slice(0, 4), name: coin };
    return { id: coin, market_data: { current_price: { usd, idr: usd * 15_900 } } };
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
    const coin = HISTORY_PATH.exec(path)?.[1];
    const body = coin
      ? historyAnswer(coin, new URL(address, 'http://x').searchParams.get('date'))
      : bodies[path];
    if (!body) return void response.writeHead(404).end('{}');
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
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
    /** The price CoinGecko's history gives `coin` on `day` (YYYY-MM-DD). */
    setHistory(coin: CoinId, day: string, usd: number) {
      const [y, m, d] = day.split('-');
      history[coin][`${d}-${m}-${y}`] = usd;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
