import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZErrorResponse } from '@nexusplay/contract/errors';
import { z } from 'zod';
import { ZMarketResponse, ZPricesResponse, type TPricesResponse } from '@nexusplay/contract/market';
import { AppError } from '../lib/app-error.js';
import { mapValueOrPromise } from '../lib/value-or-promise.js';
import { perAddress } from '../plugins/rate-limits.js';

const PER_IP = perAddress(300, '1 minute');

/** Public third-party figures, answered from the gateway's cache (pages poll every 5 seconds). */
export const gatewayRoutes: FastifyPluginAsyncZod = async (app) => {
  // The gateway answers the same prices object until a source changes: serialised once each, as
  // the public lists are, rather than on every poll.
  const pricesBodies = new WeakMap<TPricesResponse, Buffer>();

  /** The body is sent as bytes, already serialised against the same schema. */
  const sendPrices = (reply: FastifyReply, answer: TPricesResponse) => {
    let body = pricesBodies.get(answer);
    if (!body) {
      body = Buffer.from(JSON.stringify(z.encode(ZPricesResponse, answer)));
      pricesBodies.set(answer, body);
    }
    reply.type('application/json; charset=utf-8').send(body);
  };

  app.get(
    '/prices',
    {
      config: { access: 'public', rateLimit: PER_IP },
      schema: {
        tags: ['market'],
        summary: 'PIXEL and AXS prices in USD and IDR, and the USD→IDR rate',
        response: { 200: ZPricesResponse, 429: ZErrorResponse },
      },
    },
    // Answered before the handler returns when the prices are in memory, as they nearly always are.
    (_request, reply: FastifyReply) =>
      mapValueOrPromise(app.gateway.getPrices(), (answer) => {
        sendPrices(reply, answer);
      }),
  );

  app.get(
    '/market',
    {
      config: { access: 'public', rateLimit: PER_IP },
      schema: {
        tags: ['market'],
        summary: 'Market items keyed by category',
        description:
          'Answered from the market service configured in MARKET_API_URL, which must answer the ' +
          'MarketUpstreamAnswer schema (see Schemas; also docs/market-upstream.schema.json). ' +
          'An answer of any other shape is refused: the last good items are answered as stale.',
        response: { 200: ZMarketResponse, 429: ZErrorResponse, 503: ZErrorResponse },
      },
    },
    async () => {
      const { failed, ...market } = await app.gateway.getMarket();
      if (failed) throw new AppError(503, 'Failed to load item data.');
      return market;
    },
  );
};
