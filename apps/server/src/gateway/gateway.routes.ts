import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZErrorResponse } from '@nexusplay/contract/errors';
import { ZMarketResponse, ZPricesResponse } from '@nexusplay/contract/market';
import { AppError } from '../lib/app-error.js';

const PER_IP = { max: 300, timeWindow: '1 minute' };

/** Public third-party figures, answered from the gateway's cache (pages poll every 5 seconds). */
export const gatewayRoutes: FastifyPluginAsyncZod = async (app) => {
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
    async () => app.gateway.getPrices(),
  );

  app.get(
    '/market',
    {
      config: { access: 'public', rateLimit: PER_IP },
      schema: {
        tags: ['market'],
        summary: 'Market items keyed by category',
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
