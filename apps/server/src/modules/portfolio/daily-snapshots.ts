import type { FastifyInstance } from 'fastify';
import { utcDayOf } from '../analytics/utc-days.js';
import { takeDailySnapshot } from './portfolio.service.js';

/** How often an instance looks whether today's snapshot is still to be taken. */
const CHECK_EVERY_MS = 60_000;

/**
 * Takes each UTC day's portfolio snapshot soon after the day begins, whether or not anyone opens
 * the page. Every instance looks; the claim of the day in the database lets exactly one take it.
 * A day the servers are all down has no snapshot: a gap in the history.
 */
export function dailySnapshots(app: FastifyInstance, everyMs = CHECK_EVERY_MS) {
  let doneDay: string | undefined;
  let running = false;
  let timer: NodeJS.Timeout | undefined;

  const check = async () => {
    const day = utcDayOf(new Date());
    if (running || day === doneDay) return;
    running = true;
    try {
      const took = await takeDailySnapshot(app.db.kysely, app.gateway);
      if (took) app.log.info({ day }, 'portfolio snapshot taken');
      doneDay = day;
    } catch (error) {
      app.log.warn({ err: error, day }, 'portfolio snapshot failed; trying again');
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
