import { setTimeout as sleep } from 'node:timers/promises';

/**
 * The pace of the Ronin node requests made for work no one waits on (the hourly snapshot pass):
 * at most `perSecond` a second (RONIN_RPS), evenly spaced, for all such work of the instance
 * together. Such work takes a turn before each request it sends (a page of reads, which the
 * transport sends as one batch). A page's reads, which someone waits on, never wait for it.
 */
export class NodePace {
  private readonly gapMs: number;
  /** When the next background request may go out (ms, performance.now()). */
  private nextAt = 0;

  constructor(perSecond: number) {
    this.gapMs = 1000 / perSecond;
  }

  /** Resolves when the next background request may go out. */
  async turn() {
    const now = performance.now();
    const at = Math.max(now, this.nextAt);
    this.nextAt = at + this.gapMs;
    if (at > now) await sleep(at - now);
  }
}
