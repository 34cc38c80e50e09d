import type { Kysely } from 'kysely';
import {
  AMOUNT_MAX,
  INCOME_TOKENS,
  type TIncomeRecord,
  type TIncomeToken,
} from '@nexusplay/contract/income';
import {
  incomeArrivalTitle,
  INCOME_TOKEN_SYMBOL,
  SUGGESTIONS_PAGE_DEFAULT,
  type TIncomeSuggestion,
  type TIncomeSuggestionQuery,
} from '@nexusplay/contract/income-suggestions';
import type { RoninToken } from '../../config.js';
import { overCap, roomInTracker } from '../../db/row-caps.js';
import type { Database, Engine } from '../../db/schema.js';
import type { DayValuation } from '../../gateway/day-values.js';
import { conflict, notFound } from '../../lib/app-error.js';
import { nowTimestamp } from '../../db/codecs.js';
import { dayIn } from '../../lib/dates.js';
import { tellUsers, type NewUserNotification } from '../notifications/notifications.service.js';
import { tokenUnits } from '../activity/activity.service.js';
import {
  arrivalsOf,
  autoSince,
  autoSwitches,
  incomingByIds,
  insertChainIncome,
  insertIgnore,
  ownWallet,
  recordsOfTransfers,
  setAutoSwitch,
  suggestionPage,
  suggestionTotal,
  type ChainIncomeValues,
  type IncomingRow,
} from './income-suggestions.repository.js';
import { valuedFields, type DayValueSource } from './income.service.js';

type DB = Kysely<Database>;

/** The page each tracker is, as a message names it. */
const TRACKER_NAME: Record<TIncomeToken, string> = {
  pixels: 'Income Pixels',
  axs: 'Income Axie',
};

const NO_SUGGESTION = 'This suggestion does not exist.';
const NO_WALLET = 'This wallet does not exist.';
const TOO_LARGE = `Income is too large: a record holds at most ${AMOUNT_MAX.toLocaleString('en-US')}.`;
const RECORDS = 'income records in this tracker';

/** The configured contract of an income token (RONIN_TOKENS), if there is one. */
function contractOf(tokens: readonly RoninToken[], token: TIncomeToken) {
  const symbol = INCOME_TOKEN_SYMBOL[token];
  return tokens.find((entry) => entry.symbol === symbol);
}

/** The record a transfer becomes: its day, its amount, the wallet as the note, at `valuation`. */
function chainIncomeValues(
  token: TIncomeToken,
  transfer: { id: number; wallet_name: string },
  amount: number,
  day: string,
  valuation: DayValuation,
): ChainIncomeValues {
  const input = { amount, expense: 0, expense_type: 'usd' as const };
  return {
    amount,
    expense_type: input.expense_type,
    expense_description: transfer.wallet_name,
    date: day,
    chain_transfer_id: transfer.id,
    ...valuedFields(token, input, valuation),
  };
}

/** The transfer's amount as a record holds it; one larger than a record may hold is refused. */
function recordAmount(units: string) {
  const amount = Number(units);
  if (!(amount <= AMOUNT_MAX)) throw conflict(TOO_LARGE);
  return amount;
}

export type IncomeSuggestionsDeps = {
  db: DB;
  engine: Engine;
  days: DayValueSource;
  timeZone: string;
  /** How many records one tracker may hold. */
  cap: number;
  /** RONIN_TOKENS: the income tokens' contracts and decimals. */
  tokens: readonly RoninToken[];
};

/**
 * Income found on chain for one tracker (Pixels or AXS): the incoming transfers of its token
 * offered as records, added once per user and transfer however often they are accepted.
 */
export function incomeSuggestionsService(deps: IncomeSuggestionsDeps, token: TIncomeToken) {
  const { db, engine, days, timeZone, cap } = deps;
  const contract = contractOf(deps.tokens, token);
  const address = contract?.address.toLowerCase();
  const symbol = INCOME_TOKEN_SYMBOL[token];
  const units = (row: IncomingRow) => tokenUnits(row.amount, contract!.decimals);
  const dayOf = (row: IncomingRow) => dayIn(timeZone, new Date(row.block_time));

  /** The caller's incoming transfers `ids`, every one of them, or 404. */
  async function incomingOf(userId: number, ids: readonly number[]) {
    const rows = address ? await incomingByIds(db, userId, address, ids) : [];
    const byId = new Map(rows.map((row) => [row.id, row]));
    if (ids.some((id) => !byId.has(id))) throw notFound(NO_SUGGESTION);
    return ids.map((id) => byId.get(id)!);
  }

  /** The day's figures of each day among `rows`, waited for or as known now. */
  async function valuations(rows: readonly IncomingRow[], wait: boolean) {
    const wanted = [...new Set(rows.map(dayOf))];
    return new Map(
      await Promise.all(
        wanted.map(async (day) => [day, await days.on(token, day, { wait })] as const),
      ),
    );
  }

  /**
   * Adds the transfers as records in one transaction: those the user already has a record of
   * are answered with it; the rest must fit under the cap (else 409 and nothing is added).
   */
  async function addAll(userId: number, rows: readonly IncomingRow[], wait: boolean) {
    const amounts = new Map(rows.map((row) => [row.id, recordAmount(units(row))]));
    const ids = rows.map((row) => row.id);
    const already = await recordsOfTransfers(db, userId, ids);
    const fresh = rows.filter((row) => !already.has(row.id));
    const figures = await valuations(fresh, wait);
    const added = await db.transaction().execute(async (trx) => {
      // The count first: it holds the user's records (PostgreSQL: the user's row) until the
      // commit, so what is read after it includes an accept that committed meanwhile.
      const room = await roomInTracker(trx, engine, userId, token, cap, fresh.length);
      const kept = await recordsOfTransfers(trx, userId, ids);
      const toAdd = fresh.filter((row) => !kept.has(row.id));
      if (room < toAdd.length) throw overCap(cap, RECORDS);
      return insertChainIncome(
        trx,
        toAdd.map((row) => ({
          user_id: userId,
          token,
          ...chainIncomeValues(
            token,
            row,
            amounts.get(row.id)!,
            dayOf(row),
            figures.get(dayOf(row))!,
          ),
        })),
      );
    });
    const records = await recordsOfTransfers(db, userId, ids);
    return { added, records: ids.map((id) => records.get(id)!) };
  }

  return {
    /** A page of the user's suggestions, newest first, at the day's figures as known now. */
    async list(userId: number, query: TIncomeSuggestionQuery) {
      if (!address) return { data: [], total: 0 };
      const limit = query.limit ?? SUGGESTIONS_PAGE_DEFAULT;
      const offset = ((query.page ?? 1) - 1) * limit;
      const [rows, total] = await Promise.all([
        suggestionPage(db, userId, address, { offset, limit }),
        suggestionTotal(db, userId, address),
      ]);
      const figures = await valuations(rows, false);
      const data = rows.map((row): TIncomeSuggestion => {
        const amount = units(row);
        const day = dayOf(row);
        const { priceUsd, usdIdr } = figures.get(day)!;
        const usd = priceUsd === null ? null : Math.round(Number(amount) * priceUsd * 1e6) / 1e6;
        return {
          id: row.id,
          wallet: { id: row.wallet_id, name: row.wallet_name },
          token,
          symbol,
          amount,
          day,
          time: new Date(row.block_time).toISOString(),
          from_address: row.from_address,
          tx_hash: row.tx_hash,
          log_index: row.log_index,
          price_usd: priceUsd,
          value_usd: usd,
          value_idr: usd === null || usdIdr === null ? null : Math.round(usd * usdIdr * 100) / 100,
          price_pending: usd === null || usdIdr === null,
        };
      });
      return { data, total };
    },

    /**
     * The income record of one of the user's incoming transfers, valued like a typed record (the
     * day's price waited for, else pending). `created` is false when the user already had it.
     */
    async accept(userId: number, id: number): Promise<{ created: boolean; record: TIncomeRecord }> {
      const [row] = await incomingOf(userId, [id]);
      const { added, records } = await addAll(userId, [row!], true);
      return { created: added.length === 1, record: records[0]! };
    },

    /**
     * Several of the user's incoming transfers added at once (the ones the page shows): all of
     * them are the user's, or nothing is added. Prices known now are used; the rest are pending
     * and valued by the list's reads, as typed records are.
     */
    async acceptAll(userId: number, ids: readonly number[]) {
      const rows = await incomingOf(userId, [...new Set(ids)]);
      return addAll(userId, rows, false);
    },

    /** The transfer is no longer offered to the user; one added as income already is a 409. */
    async ignore(userId: number, id: number) {
      await incomingOf(userId, [id]);
      if ((await recordsOfTransfers(db, userId, [id])).size > 0) {
        throw conflict('This transfer is already added as income.');
      }
      await insertIgnore(db, userId, id);
    },

    /** The user's wallets with their "add automatically" switch of this token. */
    autoList: (userId: number) => autoSwitches(db, userId, token),

    /** Turns "add automatically" on or off for one of the user's wallets (404 for another's). */
    async setAuto(userId: number, walletId: number, on: boolean) {
      const wallet = await ownWallet(db, userId, walletId);
      if (!wallet) throw notFound(NO_WALLET);
      await setAutoSwitch(db, walletId, token, on);
      return { wallet: { id: wallet.id, name: wallet.wallet_name }, on };
    },
  };
}

/** What the arrival of transfers needs from the app. */
export type ArrivalDeps = {
  engine: Engine;
  timeZone: string;
  cap: number;
  tokens: readonly RoninToken[];
};

/** The ISO time `iso` to the second below: a block's time has whole seconds only. */
const toSecond = (iso: string) => Math.floor(new Date(iso).getTime() / 1000) * 1000;

/** The notification's title, within the column's 200 characters. */
const arrivalTitle = (symbol: string, amount: string, walletName: string) =>
  [...incomeArrivalTitle(symbol, amount, walletName)].slice(0, 200).join('');

/**
 * What follows when the follower stores new transfers (`ids`, inside its transaction `trx`): for
 * each incoming PIXEL or AXS transfer to a tracked wallet from an address none of its user's
 * wallets, the user is told once, and when the wallet adds that token automatically (turned on
 * by the transfer's block time) the record is added, pending its day's price: no price service
 * is asked inside the transaction, and the income list's reads value it as any pending record.
 * A tracker at its cap gets no record (the transfer stays a suggestion).
 */
export function incomeArrivals({ engine, timeZone, cap, tokens }: ArrivalDeps) {
  const byAddress = new Map<string, { token: TIncomeToken; contract: RoninToken }>();
  for (const token of INCOME_TOKENS) {
    const contract = contractOf(tokens, token);
    if (contract) byAddress.set(contract.address.toLowerCase(), { token, contract });
  }
  const pendingValuation: DayValuation = { priceUsd: null, usdIdr: null, usdIdrDate: null };

  return async (trx: DB, ids: readonly number[]) => {
    const rows = await arrivalsOf(trx, ids, [...byAddress.keys()]);
    if (rows.length === 0) return;
    const since = await autoSince(
      trx,
      rows.map((row) => row.wallet_id),
    );
    const told: NewUserNotification[] = [];
    const now = nowTimestamp();
    // Per user and tracker: the records to add and how many fit.
    const wanted = new Map<
      string,
      { userId: number; token: TIncomeToken; rows: ChainIncomeValues[] }
    >();
    const arrivals = rows.map((row) => {
      const { token, contract } = byAddress.get(row.token)!;
      const amount = tokenUnits(row.amount, contract.decimals);
      const on = since.get(`${row.wallet_id}:${token}`);
      const auto =
        on !== undefined &&
        toSecond(on) <= new Date(row.block_time).getTime() &&
        Number(amount) <= AMOUNT_MAX;
      if (auto) {
        const key = `${row.user_id}:${token}`;
        const entry = wanted.get(key) ?? { userId: row.user_id, token, rows: [] };
        entry.rows.push(
          chainIncomeValues(
            token,
            row,
            Number(amount),
            dayIn(timeZone, new Date(row.block_time)),
            pendingValuation,
          ),
        );
        wanted.set(key, entry);
      }
      return { row, token, amount };
    });
    const added = new Set<string>();
    for (const { userId, token, rows: values } of wanted.values()) {
      const room = await roomInTracker(trx, engine, userId, token, cap, values.length);
      const stored = await insertChainIncome(
        trx,
        values.slice(0, room).map((value) => ({ ...value, user_id: userId, token })),
      );
      for (const id of stored) added.add(`${userId}:${id}`);
    }
    for (const { row, token, amount } of arrivals) {
      const symbol = INCOME_TOKEN_SYMBOL[token];
      const tracker = TRACKER_NAME[token];
      told.push({
        user_id: row.user_id,
        chain_transfer_id: row.id,
        title: arrivalTitle(symbol, amount, row.wallet_name),
        message: added.has(`${row.user_id}:${row.id}`)
          ? `Added to ${tracker} automatically.`
          : `Waiting on ${tracker}: add it as income or ignore it there.`,
        created_at: now,
        mail_pending: row.mail_income ? 1 : 0,
      });
    }
    await tellUsers(trx, told);
  };
}
