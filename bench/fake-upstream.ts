import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeUpstream = {
  url: string;
  /** Calls received per path. */
  calls: Record<string, number>;
  close(): Promise<void>;
};

const BODIES: Record<string, unknown> = {
  '/api/v3/simple/price': {
    pixels: { usd: 0.05, idr: 800 },
    'axie-infinity': { usd: 2.5, idr: 40000 },
  },
  '/fx': { rates: { IDR: 16000 } },
};

/** The price and exchange-rate services, on 127.0.0.1, counting the calls they get. */
export async function startFakeUpstream(): Promise<FakeUpstream> {
  const calls: Record<string, number> = {};
  const server = http.createServer((request, response) => {
    const route = (request.url ?? '/').split('?')[0] ?? '/';
    calls[route] = (calls[route] ?? 0) + 1;
    const body = BODIES[route];
    if (body === undefined) return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
