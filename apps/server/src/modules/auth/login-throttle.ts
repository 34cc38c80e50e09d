import ipaddr from 'ipaddr.js';
import { tooManyRequests } from '../../lib/app-error.js';

/**
 * Counters whose fixed window starts at their first count, and marks that expire. Taking counts
 * must be atomic across every instance that shares the store: that is what bounds parallel guesses.
 */
export interface FailureStore {
  /** Adds one to every counter, all or none: none when any of them has already reached `limit`. */
  reserve(keys: string[], limit: number, windowSeconds: number): Promise<boolean>;
  /** Takes one back from every counter that still holds a count. */
  release(keys: string[]): Promise<void>;
  remember(key: string, seconds: number): Promise<void>;
  isRemembered(key: string): Promise<boolean>;
  /** Removes the counters and marks named in `keys`, and every one whose name starts with one of `prefixes`. */
  forget(keys: string[], prefixes: string[]): Promise<void>;
}

export type ThrottleLimits = {
  maxFailures: number;
  windowSeconds: number;
  /** How long an address that signed in to an account stays exempt from that account's count. */
  knownAddressSeconds: number;
};

/**
 * Bounds password guessing without handing anyone a switch that locks an owner out (see
 * docs/decisions/001-login-failure-throttle.md). Every attempt takes its place in the counts
 * before the password is checked, so parallel guesses cannot overtake the limit:
 * - per client address, over all accounts: the guesser's own address is refused;
 * - per account, from addresses that have not signed in to it lately: guessing from many
 *   addresses is bounded, while the owner's known addresses are never refused by others.
 */
export class LoginThrottle {
  constructor(
    private readonly store: FailureStore,
    private readonly limits: ThrottleLimits,
  ) {}

  /**
   * Runs `check` (the password check) under a reservation. Its answer, undefined for wrong
   * credentials, is passed through; a wrong answer keeps the reservation as a failure.
   */
  async attempt<T>(ip: string, email: string, check: () => Promise<T | undefined>) {
    const address = addressGroup(ip);
    const account = email.toLowerCase();
    const held = await this.reserve(address, account);
    let verdict: T | undefined;
    try {
      verdict = await check();
    } catch (error) {
      // No verdict was reached, so no guess was spent; the check's own error is what matters.
      await this.store.release(held).catch(() => undefined);
      throw error;
    }
    if (verdict !== undefined) await this.admit(held, address, account);
    return verdict;
  }

  private async reserve(address: string, account: string) {
    const known = await this.store.isRemembered(knownKey(account, address));
    const held = known ? [addressKey(address)] : [addressKey(address), accountKey(account)];
    const { maxFailures, windowSeconds } = this.limits;
    if (!(await this.store.reserve(held, maxFailures, windowSeconds))) {
      const minutes = Math.ceil(windowSeconds / 60);
      throw tooManyRequests(
        `Too many failed sign-in attempts. Please try again in ${minutes} minutes.`,
      );
    }
    return held;
  }

  /**
   * Drops what the throttle keeps under an account's email (its failure count and the addresses
   * that signed in to it), so a deleted account leaves no trace of its email here.
   */
  forgetAccount(email: string) {
    const account = email.toLowerCase();
    return this.store.forget([accountKey(account)], [knownKey(account, '')]);
  }

  /** A success gives its place back and does not clear earlier failures: an owner who signs in
   *  must not reopen the account, or their address, to someone guessing. */
  private async admit(held: string[], address: string, account: string) {
    await Promise.all([
      this.store.release(held),
      this.store.remember(knownKey(account, address), this.limits.knownAddressSeconds),
    ]);
  }
}

/**
 * The unit one client is counted by. An IPv6 host is usually given a whole /64, and can take a
 * new address in it for every request, so the /64 is counted as one address.
 */
function addressGroup(ip: string) {
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.process(ip);
  if (!(address instanceof ipaddr.IPv6)) return address.toString();
  const network = new ipaddr.IPv6([...address.parts.slice(0, 4), 0, 0, 0, 0]);
  return `${network.toRFC5952String()}/64`;
}

const addressKey = (address: string) => `login-fail:ip:${address}`;
const accountKey = (account: string) => `login-fail:account:${account}`;
const knownKey = (account: string, address: string) => `login-known:${account}:${address}`;
