import type { Kysely } from 'kysely';
import type { TIncomeToken } from '@nexusplay/contract/income';
import { overCap, roomInTracker } from '../../db/row-caps.js';
import type { Database, Engine } from '../../db/schema.js';
import { insertIncome, type IncomeValues } from './income.repository.js';

/**
 * A record added to one of the user's trackers, unless it holds `cap` already (409 saying the
 * cap): the count and the insert are one transaction, so two parallel adds at the cap less one
 * cannot both land.
 */
export function createIncome(
  db: Kysely<Database>,
  engine: Engine,
  userId: number,
  token: TIncomeToken,
  values: IncomeValues,
  cap: number,
) {
  return db.transaction().execute(async (trx) => {
    if ((await roomInTracker(trx, engine, userId, token, cap, 1)) < 1)
      throw overCap(cap, `income records in this tracker`);
    return insertIncome(trx, userId, token, values);
  });
}
