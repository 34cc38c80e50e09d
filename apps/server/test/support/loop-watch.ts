import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';

const RESOLUTION_MS = 5;

/** The slowest health answer and the longest event-loop delay, in ms, with what ran meanwhile. */
export type LoopReport = {
  polls: number;
  slowestHealthMs: number;
  slowestHealthDuring: string;
  maxLoopDelayMs: number;
  worstDelayDuring: string;
};

export type LoopWatch = {
  /** Runs `work`, charging the loop delay and health answers seen meanwhile to `name`. */
  during<T>(name: string, work: () => Promise<T>): Promise<T>;
  stop(): Promise<LoopReport>;
};

/**
 * Asks `GET /api/health` of a listening server over and over, timing each answer, while
 * measuring this process's event-loop delay: a request that holds the loop shows in both.
 */
export function watchLoop(baseUrl: string, pauseMs = 15): LoopWatch {
  const overall = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  overall.enable();
  const report: LoopReport = {
    polls: 0,
    slowestHealthMs: 0,
    slowestHealthDuring: '',
    maxLoopDelayMs: 0,
    worstDelayDuring: '',
  };
  let current = '(between requests)';
  let running = true;
  let failure: unknown;

  const polling = (async () => {
    while (running) {
      const started = performance.now();
      const during = current;
      const res = await fetch(`${baseUrl}/api/health`);
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`health answered ${res.status}`);
      const ms = performance.now() - started;
      if (ms > report.slowestHealthMs)
        Object.assign(report, { slowestHealthMs: ms, slowestHealthDuring: during });
      report.polls += 1;
      await sleep(pauseMs);
    }
  })().catch((error: unknown) => {
    failure = error;
  });

  return {
    async during(name, work) {
      const delay = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
      delay.enable();
      // A monitor records nothing at its first tick, and a block shows at the tick after it: a
      // tick either side charges the work's own blocks to it rather than to the gap after it.
      await sleep(2 * RESOLUTION_MS);
      current = name;
      try {
        return await work();
      } finally {
        await sleep(2 * RESOLUTION_MS);
        current = '(between requests)';
        delay.disable();
        const ms = delay.max / 1e6;
        if (ms > report.maxLoopDelayMs)
          Object.assign(report, { maxLoopDelayMs: ms, worstDelayDuring: name });
      }
    },
    async stop() {
      running = false;
      await polling;
      overall.disable();
      if (failure) throw failure;
      const overallMs = overall.max / 1e6;
      if (overallMs > report.maxLoopDelayMs)
        Object.assign(report, {
          maxLoopDelayMs: overallMs,
          worstDelayDuring: '(between requests)',
        });
      return report;
    },
  };
}
