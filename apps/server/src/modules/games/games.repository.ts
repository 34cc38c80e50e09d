import type { Kysely } from 'kysely';
import { LIST_CAP } from '@nexusplay/contract/lists';
import { nowTimestamp } from '../../db/codecs.js';
import type { Database, Engine } from '../../db/schema.js';
import { matchesSearch } from '../../db/search.js';

type DB = Kysely<Database>;

export const GAME_COLUMNS = ['id', 'name', 'image', 'description', 'link', 'created_at'] as const;

export type GameQuery = {
  q?: string | undefined;
  limit?: number | undefined;
  offset?: number | undefined;
};
export type GameValues = { name: string; description: string; link: string; image: string | null };

/** One page of games, newest first (what an admin adds is featured), with the number of all matches. */
export async function listGames(db: DB, engine: Engine, query: GameQuery) {
  const base = query.q
    ? db.selectFrom('games').where(matchesSearch(engine, 'games', query.q))
    : db.selectFrom('games');
  const [items, count] = await Promise.all([
    base
      .select(GAME_COLUMNS)
      .orderBy('id', 'desc')
      .limit(query.limit ?? LIST_CAP)
      .offset(query.offset ?? 0)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { items, total: Number(count.total) };
}

export function getGame(db: DB, id: number) {
  return db.selectFrom('games').select(GAME_COLUMNS).where('id', '=', id).executeTakeFirst();
}

export function insertGame(db: DB, values: GameValues) {
  const now = nowTimestamp();
  return db
    .insertInto('games')
    .values({ ...values, created_at: now, updated_at: now })
    .returning(GAME_COLUMNS)
    .executeTakeFirstOrThrow();
}

export function updateGame(db: DB, id: number, values: GameValues) {
  return db
    .updateTable('games')
    .set({ ...values, updated_at: nowTimestamp() })
    .where('id', '=', id)
    .returning(GAME_COLUMNS)
    .executeTakeFirst();
}

export function deleteGame(db: DB, id: number) {
  return db.deleteFrom('games').where('id', '=', id).returning(['id', 'image']).executeTakeFirst();
}
