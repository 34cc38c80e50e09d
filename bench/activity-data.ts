/**
 * The activity page's data in the API bench: one user with ACTIVITY_TRANSFERS token transfers
 * across their wallets, written straight into the server's database (a read bench: the follower
 * is not what is measured here), with the day's prices kept for most of the days they span.
 */
import { randomBytes } from 'node:crypto';
import { openDatabase } from '../apps/server/src/db/database.js';
import { writeDailyValues } from '../apps/server/src/gateway/daily-rates.repository.js';
import {
  insertTransfers,
  type TransferRow,
} from '../apps/server/src/modules/activity/activity.repository.js';
import { hashPassword } from '../apps/server/src/modules/auth/passwords.js';
import { createUser } from '../apps/server/src/modules/users/users.repository.js';
import { insertWallets } from '../apps/server/src/modules/wallets/wallets.repository.js';
import { TOKENS } from '../harness/ronin-node.js';

export const ACTIVITY_TRANSFERS = 10_000;
export const ACTIVITY_WALLETS = 10;
/** The days the transfers span, newest today. */
const DAYS = 180;
const CHAIN_ID = 2020;
const DAY_MS = 86_400_000;

/** A small deterministic generator, so that every run seeds the same rows. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

const hex = (value: number, digits: number) => value.toString(16).padStart(digits, '0');
const walletAddress = (index: number) => `0xac71${hex(index + 1, 36)}`;
const strangerAddress = (index: number) => `0x5e7a${hex(index + 1, 36)}`;

/**
 * The user, their wallets, their transfers (both directions, every configured token, a few
 * between two of their own wallets) and the daily prices of two days in three. Answers the
 * user's credentials; they sign in through the API.
 */
export async function seedActivityUser(databaseFile: string) {
  const password = randomBytes(12).toString('base64url');
  const email = 'bench-activity@example.com';
  const db = await openDatabase({ engine: 'sqlite', file: databaseFile });
  try {
    const user = await createUser(db.kysely, {
      username: 'bench-activity',
      email,
      passwordHash: await hashPassword(password),
      role: 'user',
    });
    const wallets = Array.from({ length: ACTIVITY_WALLETS }, (_, i) => walletAddress(i));
    await insertWallets(
      db.kysely,
      user.id,
      wallets.map((wallet_address, i) => ({
        wallet_name: `Farm ${i + 1}`,
        wallet_address,
        category: 'farming',
      })),
    );
    const next = random(32);
    const tokens = Object.values(TOKENS);
    const now = Date.now();
    // Newest last: block numbers rise with time, about one transfer every 26 minutes.
    const rows: TransferRow[] = Array.from({ length: ACTIVITY_TRANSFERS }, (_, i) => {
      const time =
        now - DAYS * DAY_MS + Math.floor(((i + next()) / ACTIVITY_TRANSFERS) * DAYS * DAY_MS);
      const wallet = wallets[Math.floor(next() * wallets.length)]!;
      // PIXEL and SLP most often, as a farm's and a scholar's wallets see them.
      const pick = next();
      const token = tokens[pick < 0.4 ? 0 : pick < 0.6 ? 2 : Math.floor(next() * tokens.length)]!;
      const own = next() < 0.05;
      const other = own
        ? wallets[(wallets.indexOf(wallet) + 1) % wallets.length]!
        : strangerAddress(Math.floor(next() * 500));
      const incoming = next() < 0.7;
      const units = BigInt(Math.floor(next() * 5_000) + 1);
      return {
        chain_id: CHAIN_ID,
        tx_hash: `0x${hex(i + 1, 8)}${randomBytes(28).toString('hex')}`,
        log_index: Math.floor(next() * 20),
        block_number: 40_000_000 + Math.floor((time - (now - DAYS * DAY_MS)) / 3_000),
        block_time: new Date(time).toISOString(),
        token: token.address,
        from_address: incoming ? other : wallet,
        to_address: incoming ? wallet : other,
        amount: (units * 10n ** BigInt(token.decimals)).toString(),
      };
    });
    await insertTransfers(db.kysely, rows);
    // Days as the server keeps prices: calendar days in its TIME_ZONE (Asia/Jakarta, UTC+7).
    const days = Array.from({ length: DAYS + 2 }, (_, i) =>
      new Date(now - i * DAY_MS + 7 * 3_600_000).toISOString().slice(0, 10),
    );
    const asOf = new Date(now).toISOString();
    const priced = days.filter((_, i) => i % 3 !== 2);
    await writeDailyValues(
      db.kysely,
      'pixels',
      priced.map((day, i) => ({ day, value: 0.1 + (i % 10) / 100 })),
      asOf,
    );
    await writeDailyValues(
      db.kysely,
      'axs',
      priced.map((day, i) => ({ day, value: 6 + (i % 10) / 10 })),
      asOf,
    );
    await writeDailyValues(
      db.kysely,
      'usd-idr',
      priced.map((day) => ({ day, value: 16_000 })),
      asOf,
    );
  } finally {
    await db.close();
  }
  return { email, password };
}
