import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZErrorResponse } from '@nexusplay/contract/errors';
import { ZPortfolioHistory, ZPortfolioResponse } from '@nexusplay/contract/portfolio';
import { answerKeptUntil, keptAnswers } from '../../http-cache/http-cache.js';
import { BEARER } from '../../lib/route-schemas.js';
import { requireUser } from '../../plugins/auth.js';
import { portfolioService } from './portfolio.service.js';

const ERRORS = { 401: ZErrorResponse, 403: ZErrorResponse };

/**
 * The Wallet Tracker's portfolio: balances and values of the caller's own wallets. The server
 * looks up only addresses the caller tracks, on the configured node; nothing a client sends
 * names another address or node.
 */
export const portfolioRoutes: FastifyPluginAsyncZod = async (app) => {
  const portfolio = portfolioService({ db: app.db.kysely, gateway: app.gateway });

  app.get(
    '/portfolio',
    {
      config: { access: 'user' },
      schema: {
        tags: ['wallets'],
        summary:
          'Token balances and values of the caller’s wallets on Ronin, and their NFTs of the configured collections (counted, not valued: no NFT is in any total)',
        security: BEARER,
        response: { 200: ZPortfolioResponse, ...ERRORS },
      },
      // Polled by every open Wallet Tracker: sent again from memory while the wallets are
      // unchanged and no balance, price or rate it was valued from is due for a check. An NFT
      // transfer the follower stores makes both sides' balances due, so the received ids
      // (chain_nft_transfers) are read again with them.
      ...keptAnswers(app, {
        own: ['wallets'],
        gatewayFigures: ['wallet_balances', 'gateway_snapshots', 'chain_nft_transfers'],
      }),
    },
    async (request) => {
      const { portfolio: answer, unchangedUntil } = await portfolio.get(requireUser(request).id);
      answerKeptUntil(app, request, unchangedUntil);
      return answer;
    },
  );

  app.post(
    '/portfolio/refresh',
    {
      config: { access: 'user' },
      schema: {
        tags: ['wallets'],
        summary:
          'Fresh balances of the caller’s wallets: each wallet is asked of the node at most once per BALANCE_TTL',
        security: BEARER,
        response: { 200: ZPortfolioResponse, ...ERRORS },
      },
    },
    async (request) => (await portfolio.get(requireUser(request).id)).portfolio,
  );

  app.get(
    '/portfolio/history',
    {
      config: { access: 'user' },
      schema: {
        tags: ['wallets'],
        summary:
          'The caller’s portfolio total per UTC day over the last 30 days (null: no snapshot)',
        security: BEARER,
        response: { 200: ZPortfolioHistory, ...ERRORS },
      },
    },
    async (request) => portfolio.history(requireUser(request).id),
  );
};
