import { isIP } from 'node:net';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { TrustProxy } from '../config.js';

/**
 * Fastify's trustProxy for TRUST_PROXY. A hop count trusts that many addresses from the
 * connection's end of X-Forwarded-For (Fastify's own number option trusts none, since it cannot
 * tell a proxy from a client that connects directly: README says the proxy must be the only way
 * in); addresses are matched by Fastify's proxy-addr.
 */
export function trustProxyOption(trust: TrustProxy): FastifyServerOptions['trustProxy'] {
  if (trust === false) return false;
  if ('hops' in trust) {
    const { hops } = trust;
    return (_address: string, hop: number) => hop < hops;
  }
  return trust.addresses;
}

/**
 * Only an IP address is ever a client's address. When what the trusted proxies forwarded is
 * anything else ("192.0.2.77:1234", "0xc000024d", a name), the header is dropped and the address
 * is the connection's, for every reader of `request.ip` after this first hook.
 */
export const clientAddressPlugin = fp(
  async (app: FastifyInstance) => {
    if (app.config.trustProxy === false) return;
    app.addHook('onRequest', (request, _reply, done) => {
      if (request.headers['x-forwarded-for'] !== undefined && isIP(request.ip) === 0) {
        delete request.raw.headers['x-forwarded-for'];
      }
      done();
    });
  },
  { name: 'client-address' },
);
