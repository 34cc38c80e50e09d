import type { Kysely } from 'kysely';
import type { TListQuery } from '@nexusplay/contract/lists';
import type { Database, Engine } from '../../db/schema.js';
import { notFound } from '../../lib/app-error.js';
import type { PublicCache } from '../../http-cache/http-cache.js';
import {
  deleteTool,
  insertTool,
  listTools,
  updateTool,
  type ToolValues,
} from './tools.repository.js';

/** What the tools module needs from the app. */
export type ToolsDeps = {
  db: Kysely<Database>;
  engine: Engine;
  publicCache: Pick<PublicCache, 'invalidate'>;
};

const NOT_FOUND = 'This tool does not exist.';

/** The tools dashboard: every write drops the public list once it has committed. */
export function toolsService({ db, engine, publicCache }: ToolsDeps) {
  return {
    list: (query: TListQuery) => listTools(db, engine, query),

    async create(values: ToolValues) {
      const tool = await insertTool(db, values);
      await publicCache.invalidate('tools');
      return tool;
    },

    async update(id: number, values: ToolValues) {
      const tool = await updateTool(db, id, values);
      if (!tool) throw notFound(NOT_FOUND);
      await publicCache.invalidate('tools');
      return tool;
    },

    async remove(id: number) {
      if (!(await deleteTool(db, id))) throw notFound(NOT_FOUND);
      await publicCache.invalidate('tools');
    },
  };
}
