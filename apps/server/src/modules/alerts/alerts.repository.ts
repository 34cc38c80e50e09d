import type { Kysely } from 'kysely';
import type {
  TAlert,
  TAlertCurrency,
  TAlertDirection,
  TAlertToken,
} from '@nexusplay/contract/alerts';
import { decodeBool } from '../../db/codecs.js';
import type { Database, Engine } from '../../db/schema.js';

type DB = Kysely<Database>;

const COLUMNS = [
  'id',
  'token',
  'direction',
  'currency',
  'price',
  'mail',
  'state',
  'last_price',
  'last_checked_at',
  'last_fired_at',
  'fired_count',
  'created_at',
] as const;

type AlertRow = Omit<TAlert, 'mail' | 'token'> & { token: string; mail: unknown };

const toAlert = (row: AlertRow): TAlert => ({
  ...row,
  id: Number(row.id),
  token: row.token as TAlertToken,
  price: Number(row.price),
  mail: decodeBool(row.mail),
  last_price: row.last_price === null ? null : Number(row.last_price),
  fired_count: Number(row.fired_count),
});

/** The user's alerts, oldest first. */
export async function listAlerts(db: DB, userId: number): Promise<TAlert[]> {
  const rows = await db
    .selectFrom('price_alerts')
    .select(COLUMNS)
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  return rows.map(toAlert);
}

/**
 * How many alerts the user has, counted inside the transaction that then inserts: on
 * PostgreSQL the owner's row is locked first, so a second writer counts again once the first
 * has committed; on SQLite every transaction runs alone on the one connection.
 */
export async function countAlertsLocked(trx: DB, engine: Engine, userId: number) {
  if (engine === 'postgres')
    await trx.selectFrom('users').select('id').where('id', '=', userId).forNoKeyUpdate().execute();
  const { count } = await trx
    .selectFrom('price_alerts')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(count);
}

export type AlertLine = {
  token: TAlertToken;
  direction: TAlertDirection;
  currency: TAlertCurrency;
  price: number;
};

export async function insertAlert(
  db: DB,
  userId: number,
  values: AlertLine & { mail: boolean },
  now: string,
): Promise<TAlert> {
  const row = await db
    .insertInto('price_alerts')
    .values({
      user_id: userId,
      ...values,
      mail: values.mail ? 1 : 0,
      state: 'armed',
      created_at: now,
      updated_at: now,
    })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
  return toAlert(row);
}

export async function findAlert(db: DB, userId: number, id: number): Promise<TAlert | undefined> {
  const row = await db
    .selectFrom('price_alerts')
    .select(COLUMNS)
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row && toAlert(row);
}

/**
 * Changes one of the user's alerts. A new line (`rearm`) is armed again and forgets the price
 * of its last check, so the next refresh checks it afresh.
 */
export async function updateAlert(
  db: DB,
  userId: number,
  id: number,
  values: Partial<AlertLine> & { mail?: boolean },
  rearm: boolean,
  now: string,
): Promise<TAlert | undefined> {
  const { mail, ...line } = values;
  const row = await db
    .updateTable('price_alerts')
    .set({
      ...line,
      ...(mail === undefined ? {} : { mail: mail ? 1 : 0 }),
      ...(rearm ? { state: 'armed' as const, last_price: null, last_checked_at: null } : {}),
      updated_at: now,
    })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returning(COLUMNS)
    .executeTakeFirst();
  return row && toAlert(row);
}

export async function deleteAlert(db: DB, userId: number, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('price_alerts')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export async function readMailIncome(db: DB, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('mail_income')
    .where('id', '=', userId)
    .executeTakeFirst();
  return decodeBool(row?.mail_income);
}

export async function writeMailIncome(db: DB, userId: number, on: boolean) {
  await db
    .updateTable('users')
    .set({ mail_income: on ? 1 : 0 })
    .where('id', '=', userId)
    .execute();
}

/** An alert as a price check reads it; `updated_at` names the version of its line. */
export type CheckedAlert = AlertLine & {
  id: number;
  user_id: number;
  mail: boolean;
  state: 'armed' | 'fired';
  updated_at: string;
};

/** Every alert on a token, for a price check. */
export async function alertsOnToken(db: DB, token: TAlertToken): Promise<CheckedAlert[]> {
  const rows = await db
    .selectFrom('price_alerts')
    .select(['id', 'user_id', 'token', 'direction', 'currency', 'price', 'mail', 'state'])
    .select('updated_at')
    .where('token', '=', token)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    ...row,
    id: Number(row.id),
    user_id: Number(row.user_id),
    token: row.token as TAlertToken,
    price: Number(row.price),
    mail: decodeBool(row.mail),
  }));
}

/**
 * Fires an armed alert whose line has not changed since it was read: true for exactly one
 * caller among all instances, false when it fired already or was changed meanwhile.
 */
export async function fireAlert(
  trx: DB,
  alert: Pick<CheckedAlert, 'id' | 'updated_at'>,
  price: number,
  now: string,
): Promise<boolean> {
  const result = await trx
    .updateTable('price_alerts')
    .set((eb) => ({
      state: 'fired',
      last_price: price,
      last_checked_at: now,
      last_fired_at: now,
      fired_count: eb('fired_count', '+', 1),
    }))
    .where('id', '=', alert.id)
    .where('state', '=', 'armed')
    .where('updated_at', '=', alert.updated_at)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Arms a fired alert again (the price is back on the near side of its line). */
export async function rearmAlert(
  db: DB,
  alert: Pick<CheckedAlert, 'id' | 'updated_at'>,
  price: number,
  now: string,
) {
  await db
    .updateTable('price_alerts')
    .set({ state: 'armed', last_price: price, last_checked_at: now })
    .where('id', '=', alert.id)
    .where('state', '=', 'fired')
    .where('updated_at', '=', alert.updated_at)
    .execute();
}

/** Keeps the price of a check on every alert of a token in one currency. */
export async function recordCheck(
  db: DB,
  token: TAlertToken,
  currency: TAlertCurrency,
  price: number,
  now: string,
) {
  await db
    .updateTable('price_alerts')
    .set({ last_price: price, last_checked_at: now })
    .where('token', '=', token)
    .where('currency', '=', currency)
    .execute();
}
