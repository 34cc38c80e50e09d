import type { FastifyInstance } from 'fastify';
import { portfolioService } from './portfolio.service.js';

/** How often an instance looks whether this hour's snapshot pass is still to be made. */
const CHECK_EVERY_MS = 60_000;

/**
 * Takes each UTC day's portfolio snapshot soon after the day begins, whether or not anyone opens
 * the page, and values wallets added later in the day in the next hour's pass. Every instance
 * looks; the claim of the pass in the database lets exactly one make it. A day the servers are
 * all down has no snapshot: a gap in the history.
 */
export function dailySnapshots(app: FastifyInstance, everyMs = CHECK_EVERY_MS) {
  const portfolio = portfolioService({ db: app.db.kysely, gateway: app.gateway });
  let donePass: string | undefined;
  let running = false;
  let timer: NodeJS.Timeout | undefined;

  const check = async () => {
    const pass = new Date().toISOString().slice(0, 13);
    if (running || pass === donePass) return;
    running = true;
    try {
      const took = await portfolio.takeDailySnapshot();
      if (took) app.log.info({ pass }, 'portfolio snapshot pass made');
      donePass = pass;
    } catch (error) {
      app.log.warn({ err: error, pass }, 'portfolio snapshot pass failed; trying again');
    } finally {
      running = false;
    }
  };

  return {
    start() {
      timer = setInterval(() => void check(), everyMs);
      timer.unref();
      void check();
    },
    stop() {
      clearInterval(timer);
    },
  };
}
