import type { Kysely } from 'kysely';
import type { TListQuery } from '@nexusplay/contract/lists';
import { nowTimestamp } from '../../db/codecs.js';
import { pageWithTotal } from '../../db/paged-list.js';
import type { Database, Engine } from '../../db/schema.js';
import { matchesSearch } from '../../db/search.js';

type DB = Kysely<Database>;

export const TOOL_COLUMNS = ['id', 'name', 'icon', 'description', 'link', 'created_at'] as const;

export type ToolValues = { name: string; icon: string; description: string; link: string | null };

export async function listTools(db: DB, engine: Engine, query: TListQuery) {
  const base = query.q
    ? db.selectFrom('tools').where(matchesSearch(engine, 'tools', query.q))
    : db.selectFrom('tools');
  return pageWithTotal(base.select(TOOL_COLUMNS).orderBy('id'), query);
}

export function insertTool(db: DB, values: ToolValues) {
  const now = nowTimestamp();
  return db
    .insertInto('tools')
    .values({ ...values, created_at: now, updated_at: now })
    .returning(TOOL_COLUMNS)
    .executeTakeFirstOrThrow();
}

export function updateTool(db: DB, id: number, values: ToolValues) {
  return db
    .updateTable('tools')
    .set({ ...values, updated_at: nowTimestamp() })
    .where('id', '=', id)
    .returning(TOOL_COLUMNS)
    .executeTakeFirst();
}

export function deleteTool(db: DB, id: number) {
  return db.deleteFrom('tools').where('id', '=', id).returning('id').executeTakeFirst();
}
