import type { Kysely } from 'kysely';
import { LIST_CAP, type TListQuery } from '@nexusplay/contract/lists';
import { nowTimestamp } from '../../db/codecs.js';
import { blockAt, listTotal } from '../../db/list-blocks.js';
import { GAME_BLOCK_IDS, type Database, type Engine } from '../../db/schema.js';
import { searchCatalogue } from '../../db/search.js';

type DB = Kysely<Database>;

export const GAME_COLUMNS = ['id', 'name', 'image', 'description', 'link', 'created_at'] as const;

export type GameValues = { name: string; description: string; link: string; image: string | null };

const GAMES = { table: 'game_blocks', key: 'block' } as const;

/**
 * One page of games, newest first (what an admin adds is featured), with the number of matches:
 * exact for the whole list, counted up to a horizon for a search (see db/search.ts).
 */
export async function listGames(db: DB, engine: Engine, query: TListQuery) {
  const limit = query.limit ?? LIST_CAP;
  const offset = query.offset ?? 0;
  if (query.q) return searchGames(db, engine, query.q, limit, offset);
  const newest = (skip: number, belowId?: number) => {
    let page = db.selectFrom('games').select(GAME_COLUMNS);
    if (belowId !== undefined) page = page.where('id', '<', belowId);
    return page.orderBy('id', 'desc').limit(limit).offset(skip).execute();
  };
  if (offset === 0) {
    const [items, total] = await Promise.all([newest(0), listTotal(db, GAMES)]);
    return { items, total };
  }
  // A deep page starts inside one block of ids: skip to that block, then at most its rows.
  const start = await blockAt<number>(db, GAMES, offset);
  if (!start) return { items: [], total: await listTotal(db, GAMES) };
  const items = await newest(offset - start.before, (start.key + 1) * GAME_BLOCK_IDS);
  return { items, total: start.total };
}

function searchGames(db: DB, engine: Engine, text: string, limit: number, offset: number) {
  return searchCatalogue(db, engine, 'games', text, offset + limit, (filter) =>
    db
      .selectFrom('games')
      .select(GAME_COLUMNS)
      .where(filter)
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
  );
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
