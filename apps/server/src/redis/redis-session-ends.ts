import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type {
  CacheControl,
  SessionEnd,
  SessionEndsChannel,
} from '../modules/auth/session-cache.js';
import type { SharedRedis } from './redis.js';

/** How long a write waits for the other instances to confirm they dropped what it ended. */
const ACK_TIMEOUT_MS = 1_000;

type Announcement = { id: string; ends: readonly SessionEnd[] };

/**
 * Ended sessions announced on a Redis channel that every instance subscribes to, on a
 * connection of its own. Each instance drops what an announcement names and answers on a second
 * channel; the writer waits for as many answers as Redis delivered the announcement to (PUBLISH
 * says how many), so that when its request is answered, no instance still holds the session.
 *
 * An instance whose subscription is not established (starting, or reconnecting after Redis was
 * out of reach) does not answer from memory at all, and forgets everything once subscribed again:
 * it may have missed announcements meanwhile.
 */
export class RedisSessionEnds implements SessionEndsChannel {
  private readonly subscriber: Redis;
  private subscribed = false;
  private closed = false;
  /** Settles at the first subscription, or when connecting failed. */
  private readonly first: Promise<void>;
  private settleFirst: () => void = () => {};
  private readonly waiting = new Map<string, { acks: number; expected: number; done(): void }>();
  private readonly endsChannel: string;
  private readonly acksChannel: string;

  constructor(
    private readonly redis: SharedRedis,
    private readonly cache: CacheControl,
    private readonly log: FastifyBaseLogger,
  ) {
    this.first = new Promise((resolve) => (this.settleFirst = resolve));
    this.endsChannel = redis.key('session-ends');
    this.acksChannel = redis.key('session-ends-acks');
    this.subscriber = redis.client.duplicate({ autoResubscribe: false, lazyConnect: true });
    this.subscriber.on('error', (error: Error) => log.warn({ err: error }, 'redis: session ends'));
    this.subscriber.on('close', () => {
      this.subscribed = false;
    });
    this.subscriber.on('ready', () => void this.subscribe());
    this.subscriber.on('message', (channel: string, message: string) =>
      this.receive(channel, message),
    );
    this.subscriber.connect().catch((error: unknown) => {
      this.settleFirst();
      log.warn(
        { err: error },
        'redis: session ends not subscribed; sessions read from the database',
      );
    });
  }

  usable() {
    return this.subscribed;
  }

  /** Resolves once subscribed, or once that has failed (sessions are then read from the database). */
  started() {
    return this.first;
  }

  async announce(ends: readonly SessionEnd[]) {
    const id = randomBytes(9).toString('base64url');
    const confirmed = new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        this.log.warn({ ends }, 'session ends: not every instance confirmed in time');
        resolve();
      }, ACK_TIMEOUT_MS);
      timer.unref();
      this.waiting.set(id, {
        acks: 0,
        expected: Number.POSITIVE_INFINITY,
        done: () => {
          clearTimeout(timer);
          this.waiting.delete(id);
          resolve();
        },
      });
    });
    let receivers: number;
    try {
      receivers = await this.redis.client.publish(
        this.endsChannel,
        JSON.stringify({ id, ends } satisfies Announcement),
      );
    } catch (error) {
      // The write has committed. Other instances that cannot hear Redis either do not answer
      // from memory meanwhile; one that can, drops the session when its entry expires.
      this.log.error({ err: error, ends }, 'could not announce ended sessions to other instances');
      this.waiting.get(id)?.done();
      return;
    }
    const wait = this.waiting.get(id);
    if (wait) {
      wait.expected = receivers;
      if (wait.acks >= receivers) wait.done();
    }
    await confirmed;
  }

  async close() {
    this.closed = true;
    this.subscribed = false;
    for (const wait of this.waiting.values()) wait.done();
    await this.subscriber.quit().catch(() => this.subscriber.disconnect());
  }

  private async subscribe() {
    try {
      await this.subscriber.subscribe(this.endsChannel, this.acksChannel);
      this.cache.clear();
      this.subscribed = !this.closed;
    } catch (error) {
      this.log.warn({ err: error }, 'redis: could not subscribe to session ends');
    } finally {
      this.settleFirst();
    }
  }

  private receive(channel: string, message: string) {
    if (channel === this.acksChannel) {
      const wait = this.waiting.get(message);
      if (!wait) return;
      wait.acks += 1;
      if (wait.acks >= wait.expected) wait.done();
      return;
    }
    if (channel !== this.endsChannel) return;
    let announcement: Announcement;
    try {
      announcement = JSON.parse(message) as Announcement;
    } catch {
      // Not one of ours: forget everything rather than guess what it meant.
      this.cache.clear();
      return;
    }
    this.cache.drop(announcement.ends);
    this.redis.client.publish(this.acksChannel, announcement.id).catch((error: unknown) => {
      this.log.warn({ err: error }, 'redis: could not confirm ended sessions');
    });
  }
}
