import { sql, type Kysely, type RawBuilder } from 'kysely';
import { withoutControlCharacters } from '@nexusplay/contract/text';
import type { Database, Engine } from './schema.js';

export type PersonalList = 'wallets' | 'links';

/**
 * The text each personal list's search looks in, lower-cased, as SQL over a row alias: what the
 * trigram index of migration 0014 covers. It holds every column the list's own search conditions
 * test, so that a row those conditions match always contains the searched text here.
 */
export const PERSONAL_SEARCH_TEXT: Record<PersonalList, (row: string, engine: Engine) => string> = {
  wallets: (row, engine) =>
    `lower(${row}.wallet_name || ${newline(engine)} || coalesce(${row}.category, '') || ${newline(engine)} || ${row}.address_prefix || substr(${row}.address, 3))`,
  links: (row, engine) =>
    `lower(${row}.title || ${newline(engine)} || coalesce(${row}.category, ''))`,
};

const newline = (engine: Engine) => (engine === 'postgres' ? 'chr(10)' : 'char(10)');

/** Trigram indexes need three characters; a shorter search tests the user's rows one by one. */
const TRIGRAM = 3;

/**
 * On SQLite, a term with at most this many matches over all users is narrowed to their ids; a
 * more common one is left to the walk along the user's list, which then fills a page quickly.
 */
const MAX_CANDIDATES = 1_000;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

const searchTerm = (text: string) => withoutControlCharacters(text).toLowerCase();

/**
 * PostgreSQL: whether the list's stored search text contains `text`, which its trigram index
 * answers. The stored text joins the searched columns with a newline, which no search holds, so
 * this is exactly "one of the columns contains it"; as one condition, the planner also estimates
 * it well (several LIKE conditions, taken as independent, made it walk the wrong index).
 */
export function searchTextContains(list: PersonalList, text: string): RawBuilder<boolean> {
  return sql<boolean>`${sql.ref(`${list}.search_text`)} like ${`%${escapeLike(searchTerm(text))}%`} escape '\\'`;
}

/**
 * SQLite: a condition that narrows a user's rows to those whose search text contains `term`,
 * answered by the FTS index; undefined when the index cannot help (a term shorter than three
 * characters, or one too common to be worth listing). It is a pre-filter: the list's own
 * conditions are still applied, and decide.
 */
export async function searchCandidates(
  db: Kysely<Database>,
  list: PersonalList,
  rawTerm: string,
): Promise<RawBuilder<boolean> | undefined> {
  const term = searchTerm(rawTerm);
  if ([...term].length < TRIGRAM) return undefined;
  const { rows } = await sql<{ id: number }>`
    select rowid as id from ${sql.table(`${list}_search`)}
    where ${sql.table(`${list}_search`)} match ${`"${term.replace(/"/g, '""')}"`}
    limit ${MAX_CANDIDATES + 1}`.execute(db);
  if (rows.length > MAX_CANDIDATES) return undefined;
  if (rows.length === 0) return sql<boolean>`1 = 0`;
  return sql<boolean>`${sql.ref(`${list}.id`)} in (${sql.join(rows.map((row) => row.id))})`;
}

/** The user's row count of a list, kept by triggers (migration 0014), as a scalar subquery. */
export function personalListTotal(db: Kysely<Database>, userId: number, list: PersonalList) {
  return db
    .selectFrom('personal_list_counts')
    .select('row_count')
    .where('user_id', '=', userId)
    .where('list', '=', list);
}
