import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { CacheControl, SessionEnd, SessionEndsChannel } from './session-cache.js';
import type { SharedRedis } from '../../redis/redis.js';

/**
 * How long a write waits for the other instances to confirm they dropped what it ended, counted
 * from Redis's answer to the announcement (so after Redis has passed it on).
 */
const ACK_TIMEOUT_MS = 1_000;
/** How often an instance sends itself a heartbeat through Redis. */
const HEARTBEAT_MS = 250;
/**
 * How long a heartbeat received back proves the link, counted from when it was sent. Shorter
 * than ACK_TIMEOUT_MS, with a margin for timers and clocks: an instance that has not heard an
 * announcement (its link stalled) stops answering from memory before the writer answers.
 */
export const LINK_PROOF_MS = 750;
/** How often an instance reads the count of writes that ended sessions from the database. */
const COUNT_READ_MS = 250;
/**
 * How long a read of that count proves that no end was missed, counted from when it was sent:
 * three reads' time, so that one slow read does not send every session to the database.
 */
export const COUNT_PROOF_MS = 750;
/**
 * A write whose announcement not every instance confirmed (its own link to Redis stalled, or an
 * instance silent) answers no sooner than this after it committed: by then every instance
 * answering from memory has read the count since, and forgotten what the write ended.
 */
export const UNCONFIRMED_WAIT_MS = COUNT_PROOF_MS + 100;

type Announcement = { id: string; ends: readonly SessionEnd[] };

/** A write waiting for the instances' answers: how many came, how many Redis delivered to. */
type Waiting = {
  acks: number;
  expected: number;
  timer: NodeJS.Timeout | undefined;
  done(): void;
};

/**
 * Ended sessions announced on a Redis channel that every instance subscribes to, on a
 * connection of its own. Each instance drops what an announcement names and answers on a second
 * channel; the writer waits for as many answers as Redis delivered the announcement to (PUBLISH
 * says how many), so that when its request is answered, no instance still holds the session.
 *
 * An instance answers from memory only while it can prove that it hears the channel: every
 * HEARTBEAT_MS it publishes a heartbeat on a channel of its own, which its subscription receives
 * behind everything Redis passed on before it, so a heartbeat back means that every announcement
 * published before it was sent has been heard. A link that is down, or open but stalled (no
 * error, no close, nothing arriving), proves nothing: LINK_PROOF_MS after the last heartbeat
 * that came back was sent, the instance reads every session from the database, until one comes
 * back again. A writer missing an answer waits ACK_TIMEOUT_MS (longer) from Redis's reply to its
 * announcement, so by the time it answers, a stalled instance has stopped answering from memory.
 * `usable` compares a time kept in memory: no round trip to Redis per request.
 *
 * An instance whose subscription is not established (starting, or reconnecting after Redis was
 * out of reach) does not answer from memory at all, and forgets everything once subscribed again:
 * it may have missed announcements meanwhile.
 *
 * The writer's own link may be the stalled one: its announcement then reaches nobody, and the
 * other instances, whose links are proven, would keep answering from memory. So every write that
 * ends sessions also raises a count in the database, in its own transaction, which each instance
 * reads every COUNT_READ_MS (`endings`): when it moved, the instance forgets every session it
 * keeps; when no read has succeeded for COUNT_PROOF_MS (counted from when it was sent), it reads
 * sessions from the database until one does. A writer whose announcement was not confirmed by
 * every instance Redis passed it to (or could not be published at all) answers no sooner than
 * UNCONFIRMED_WAIT_MS after it began, which is after the write committed: an instance still
 * answering from memory then has read the count since the commit. A confirmed announcement
 * answers at once, as before.
 */
export class RedisSessionEnds implements SessionEndsChannel {
  private readonly subscriber: Redis;
  private subscribed = false;
  private closed = false;
  /** Settles once the link is first proven, or when that has failed or taken too long. */
  private readonly first: Promise<void>;
  private settleFirst: () => void = () => {};
  private readonly waiting = new Map<string, Waiting>();
  private readonly endsChannel: string;
  private readonly acksChannel: string;
  private readonly heartbeatChannel: string;
  private readonly heartbeat: NodeJS.Timeout;
  /** Heartbeats sent and not yet back: their number, and when each was sent. */
  private readonly beats = new Map<number, number>();
  private beatsSent = 0;
  /** When the latest heartbeat that came back on this subscription was sent. */
  private provenAt = Number.NEGATIVE_INFINITY;
  /** Whether the link was proven at the last heartbeat (so that a change is logged once). */
  private wasProven = false;
  private readonly countTimer: NodeJS.Timeout;
  /** The count of writes that ended sessions, as last read, and when that read was sent. */
  private count: string | undefined;
  private countedAt = Number.NEGATIVE_INFINITY;
  private counting = false;
  /** Whether the last read of the count failed (so that a failure is logged once). */
  private countFailed = false;
  /** Settles once the count was first read, or that failed. */
  private readonly firstCount: Promise<void>;
  private settleFirstCount: () => void = () => {};

  constructor(
    private readonly redis: SharedRedis,
    private readonly cache: CacheControl,
    private readonly log: FastifyBaseLogger,
    /** Reads the count of writes that ended sessions from the database. */
    private readonly endings: () => Promise<string>,
    /** A clock that only moves forward, in milliseconds. */
    private readonly now: () => number = () => performance.now(),
  ) {
    this.first = new Promise((resolve) => (this.settleFirst = resolve));
    this.endsChannel = redis.key('session-ends');
    this.acksChannel = redis.key('session-ends-acks');
    this.heartbeatChannel = redis.key(
      `session-ends-heartbeat:${randomBytes(9).toString('base64url')}`,
    );
    this.subscriber = redis.client.duplicate({ autoResubscribe: false, lazyConnect: true });
    this.subscriber.on('error', (error: Error) => log.warn({ err: error }, 'redis: session ends'));
    this.subscriber.on('close', () => {
      this.subscribed = false;
      this.provenAt = Number.NEGATIVE_INFINITY;
      this.beats.clear();
    });
    this.subscriber.on('ready', () => void this.subscribe());
    this.subscriber.on('message', (channel: string, message: string) =>
      this.receive(channel, message),
    );
    this.heartbeat = setInterval(() => this.beat(), HEARTBEAT_MS);
    this.heartbeat.unref();
    this.firstCount = new Promise((resolve) => (this.settleFirstCount = resolve));
    this.countTimer = setInterval(() => void this.readCount(), COUNT_READ_MS);
    this.countTimer.unref();
    void this.readCount();
    this.subscriber.connect().catch((error: unknown) => {
      this.settleFirst();
      log.warn(
        { err: error },
        'redis: session ends not subscribed; sessions read from the database',
      );
    });
  }

  usable() {
    const now = this.now();
    return this.linkProven(now) && now - this.countedAt < COUNT_PROOF_MS;
  }

  private linkProven(now = this.now()) {
    return this.subscribed && now - this.provenAt < LINK_PROOF_MS;
  }

  /**
   * Resolves once the link is proven, or once that has failed or taken LINK_PROOF_MS (sessions
   * are then read from the database until it is).
   */
  started() {
    return Promise.all([this.first, this.firstCount]).then(() => undefined);
  }

  async announce(ends: readonly SessionEnd[]) {
    const began = this.now();
    // Not confirmed by every instance: the others learn of it from the count the write raised.
    const unconfirmed = () =>
      new Promise<void>((resolve) =>
        setTimeout(resolve, Math.max(0, began + UNCONFIRMED_WAIT_MS - this.now())),
      );
    const id = randomBytes(9).toString('base64url');
    let settle: () => void = () => {};
    const confirmed = new Promise<void>((resolve) => (settle = resolve));
    const wait: Waiting = {
      acks: 0,
      expected: Number.POSITIVE_INFINITY,
      timer: undefined,
      done: () => {
        clearTimeout(wait.timer);
        this.waiting.delete(id);
        settle();
      },
    };
    // Waiting before publishing: an answer may arrive before Redis's reply to the PUBLISH.
    this.waiting.set(id, wait);
    let receivers: number;
    try {
      receivers = await this.redis.client.publish(
        this.endsChannel,
        JSON.stringify({ id, ends } satisfies Announcement),
      );
    } catch (error) {
      // The write has committed. Other instances that cannot hear Redis either do not answer
      // from memory meanwhile; one that can, reads the count the write raised.
      this.log.error({ err: error, ends }, 'could not announce ended sessions to other instances');
      wait.done();
      return unconfirmed();
    }
    if (!this.waiting.has(id)) return;
    wait.expected = receivers;
    if (wait.acks >= receivers) return wait.done();
    // Counted from here, once Redis has passed the announcement on: an instance that has not
    // heard it since has heard no later heartbeat either, and stops answering from memory
    // LINK_PROOF_MS after its last one was sent, which is before this.
    let confirmedByAll = true;
    wait.timer = setTimeout(() => {
      this.log.warn({ ends }, 'session ends: not every instance confirmed in time');
      confirmedByAll = false;
      wait.done();
    }, ACK_TIMEOUT_MS);
    wait.timer.unref();
    await confirmed;
    // ACK_TIMEOUT_MS already exceeds UNCONFIRMED_WAIT_MS; said here so that it stays true.
    if (!confirmedByAll && !this.closed) await unconfirmed();
  }

  async close() {
    this.closed = true;
    this.subscribed = false;
    clearInterval(this.heartbeat);
    clearInterval(this.countTimer);
    for (const wait of this.waiting.values()) wait.done();
    await this.subscriber.quit().catch(() => this.subscriber.disconnect());
  }

  private async subscribe() {
    try {
      await this.subscriber.subscribe(this.endsChannel, this.acksChannel, this.heartbeatChannel);
      this.cache.clear();
      this.subscribed = !this.closed;
      this.beat();
      // Should the first heartbeat not come back, the server starts anyway.
      setTimeout(() => this.settleFirst(), LINK_PROOF_MS).unref();
    } catch (error) {
      this.log.warn({ err: error }, 'redis: could not subscribe to session ends');
      this.settleFirst();
    }
  }

  /** Sends the next heartbeat, and logs when the link stopped or started being proven. */
  private beat() {
    const proven = this.linkProven();
    if (proven !== this.wasProven) {
      this.wasProven = proven;
      if (proven) this.log.info('redis: session ends heard; sessions answered from memory');
      else if (this.subscribed) {
        this.log.warn(
          `redis: no heartbeat back within ${LINK_PROOF_MS} ms; sessions read from the database until one is`,
        );
      }
    }
    if (!this.subscribed) return;
    const sentAt = this.now();
    // A heartbeat older than the proof it could give is not waited for any longer.
    for (const [beat, at] of this.beats) {
      if (sentAt - at < LINK_PROOF_MS) break;
      this.beats.delete(beat);
    }
    const beat = (this.beatsSent += 1);
    this.beats.set(beat, sentAt);
    this.redis.client.publish(this.heartbeatChannel, String(beat)).catch(() => {
      // Then it does not come back and the link is not proven, which beat() logs.
    });
  }

  /**
   * Reads the count of writes that ended sessions; when it moved since the last read, forgets
   * every session kept in memory (one of them may be what ended). A read proves the memory from
   * when it was sent.
   */
  private async readCount() {
    if (this.counting || this.closed) return;
    this.counting = true;
    const sentAt = this.now();
    try {
      const count = await this.endings();
      if (this.closed) return;
      if (count !== this.count) this.cache.clear();
      this.count = count;
      this.countedAt = Math.max(this.countedAt, sentAt);
      if (this.countFailed) {
        this.countFailed = false;
        this.log.info('session ends: the count of ended sessions is read again');
      }
    } catch (error) {
      if (!this.countFailed && !this.closed) {
        this.countFailed = true;
        this.log.warn(
          { err: error },
          'session ends: could not read the count of ended sessions; sessions read from the database until it is',
        );
      }
    } finally {
      this.counting = false;
      this.settleFirstCount();
    }
  }

  private receive(channel: string, message: string) {
    if (channel === this.heartbeatChannel) {
      const beat = Number(message);
      const sentAt = this.beats.get(beat);
      if (sentAt === undefined) return;
      // Redis passes messages on in order: a heartbeat sent before this one is not coming.
      for (const earlier of this.beats.keys()) {
        this.beats.delete(earlier);
        if (earlier === beat) break;
      }
      if (this.subscribed) {
        this.provenAt = Math.max(this.provenAt, sentAt);
        this.settleFirst();
      }
      return;
    }
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
