import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type Mode = 'ok' | 'slow' | 'error' | 'garbage' | 'huge' | 'reset';

/**
 * A stand-in for the price, exchange-rate and market services on 127.0.0.1: answers like the
 * real ones in mode 'ok', and misbehaves on demand. Counts the calls it receives per path.
 */
export async function startFakeUpstream() {
  let mode: Mode = 'ok';
  const calls: Record<string, number> = {};
  const bodies: Record<string, unknown> = {
    '/api/v3/simple/price': {
      pixels: { usd: 0.05, idr: 800 },
      'axie-infinity': { usd: 2.5, idr: 40_000 },
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
  const server = http.createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0]!;
    calls[path] = (calls[path] ?? 0) + 1;
    if (mode === 'slow') {
      const timer = setTimeout(() => response.end('{}'), 10_000);
      response.on('close', () => clearTimeout(timer));
      return;
    }
    if (mode === 'reset') return void request.socket.destroy();
    if (mode === 'error') return void response.writeHead(500).end('{"error":"down"}');
    if (mode === 'garbage')
      return void response.writeHead(200, { 'content-type': 'application/json' }).end('<html>nope');
    if (mode === 'huge') {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write('{"pad":"');
      const chunk = 'x'.repeat(64 * 1024);
      for (let i = 0; i < 160; i += 1) response.write(chunk);
      return void response.end('"}');
    }
    const body = bodies[path];
    if (!body) return void response.writeHead(404).end('{}');
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    setMode(next: Mode) {
      mode = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
