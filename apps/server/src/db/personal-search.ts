import {
  sql,
  expressionBuilder,
  type Expression,
  type ExpressionBuilder,
  type Kysely,
  type RawBuilder,
  type SqlBool,
} from 'kysely';
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
 * On SQLite, a term with at most this many matches in the user's rows is narrowed to their ids;
 * a more common one is left to the walk along the user's list, which then fills a page quickly.
 */
const MAX_CANDIDATES = 300;

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
 * SQLite: rows per user in the rowids of the FTS5 tables (migration 0016): a row's rowid there is
 * user_id * OWNER_SPAN + id, so each user's entries lie in one range of rowids, which FTS5 reads
 * alone. Ids stay far below it (2^32); user ids far below 2^31.
 */
const OWNER_SPAN = 2 ** 32;

/** The FTS5 rowid of a row, as SQL over the SQL of its user id and id. */
export const searchKey = (userId: string, id: string) => `(${userId} * ${OWNER_SPAN} + ${id})`;

/**
 * SQLite: a condition that narrows a user's rows to those whose search text contains `term`,
 * answered by the FTS index from the user's own entries; undefined when the index cannot help
 * (a term shorter than three characters, or one so common in the user's rows that a walk along
 * the list fills a page sooner). It is a pre-filter: the list's own conditions are still
 * applied, and decide.
 */
export async function searchCandidates(
  db: Kysely<Database>,
  list: PersonalList,
  userId: number,
  rawTerm: string,
): Promise<RawBuilder<boolean> | undefined> {
  const term = searchTerm(rawTerm);
  if ([...term].length < TRIGRAM) return undefined;
  // As integers: a JavaScript number is bound as a REAL, and against a REAL bound FTS5 read
  // every entry of the term (5 ms for 20,000 against 11 µs).
  const from = BigInt(userId) * BigInt(OWNER_SPAN);
  const { rows } = await sql<{ id: number }>`
    select rowid - ${from} as id from ${sql.table(`${list}_search`)}
    where ${sql.table(`${list}_search`)} match ${`"${term.replace(/"/g, '""')}"`}
      and rowid >= ${from} and rowid < ${from + BigInt(OWNER_SPAN)}
    limit ${MAX_CANDIDATES + 1}`.execute(db);
  if (rows.length > MAX_CANDIDATES) return undefined;
  if (rows.length === 0) return sql<boolean>`1 = 0`;
  // One parameter whatever the count: the statement's text, and so its prepared form, stays
  // the same (a list of hundreds of values cost more to prepare than the search itself).
  return sql<boolean>`${sql.ref(`${list}.id`)} in (select value from json_each(${JSON.stringify(rows.map((row) => row.id))}))`;
}

/** The user's row count of a list, kept by triggers (migration 0014), as a scalar subquery. */
export function personalListTotal(db: Kysely<Database>, userId: number, list: PersonalList) {
  return db
    .selectFrom('personal_list_counts')
    .select('row_count')
    .where('user_id', '=', userId)
    .where('list', '=', list);
}

/**
 * PostgreSQL: how many of the user's rows, in list order, a search tests one by one before it
 * reads the matches through the index instead.
 */
export const SEARCH_WALK_ROWS = 500;

type SearchPage<Row> = { items: Row[]; total: number; totalIsLowerBound: boolean };

/**
 * PostgreSQL: a page of a search of one user's list, in one statement whose cost does not rest
 * on the planner's table-wide estimate of the search (a word common in other users' rows and
 * rare in this user's led it to walk every row of the user for a page it never filled):
 *
 * 1. the user's first SEARCH_WALK_ROWS rows in list order are tested one by one (`hits`). They
 *    answer when the user has no more rows than that, or when they hold the whole page
 *    (`offset + limit` matches; the total, their matches counted up to `upTo`, is then a lower
 *    bound);
 * 2. else the word is rare in the user's rows (under one match in SEARCH_WALK_ROWS / limit), and
 *    only its matches are read, through the index on (user_id, search_text) of migration 0016,
 *    into a materialized set (no LIMIT to tempt the planner into walking the list), then sorted.
 *    The choice is a one-time filter: the set is not read at all when the walk answers.
 *
 * `matches` is the search's condition over the list's columns.
 */
export async function searchPostgres<L extends PersonalList, Row>(
  db: Kysely<Database>,
  list: L,
  userId: number,
  columns: readonly string[],
  page: { limit: number; offset: number; upTo: number },
  matches: (eb: ExpressionBuilder<Database, L>) => Expression<SqlBool>,
): Promise<SearchPage<Row>> {
  const table = sql.table(list);
  const condition = matches(expressionBuilder<Database, L>());
  const picked = sql.join(columns.map((column) => sql.ref(column)));
  const need = page.offset + page.limit;
  const { rows } = await sql<Record<string, unknown>>`
    with walked as (
      select * from ${table} where user_id = ${userId} order by id limit ${SEARCH_WALK_ROWS}
    ),
    hits as (select ${picked} from walked as ${table} where ${condition}),
    owned as (
      select coalesce((${personalListTotal(db, userId, list)}), 0) as n
    ),
    decided as (
      select (select n from owned) <= ${SEARCH_WALK_ROWS}
        or (select count(*) from (select 1 from hits limit ${need}) as h) >= ${need} as walk
    ),
    indexed as materialized (
      select ${picked} from ${table}
      where user_id = ${userId} and ${condition} and not (select walk from decided)
    ),
    chosen as (
      select * from hits where (select walk from decided)
      union all
      select * from indexed
    )
    select totals.*, rows.* from (
      select (select walk from decided) as walk, (select n from owned) as owned,
        (select count(*) from (select 1 from chosen limit ${page.upTo}) as c) as total
    ) as totals
    left join (
      select * from chosen order by id limit ${page.limit} offset ${page.offset}
    ) as rows on true`.execute(db);
  const first = rows[0];
  const total = Number(first?.total ?? 0);
  const walkAnswered = first?.walk === true;
  return {
    // A page past the end is the totals' one row, joined to none.
    items: rows
      .filter((row) => row.id !== null)
      .map((row) => Object.fromEntries(columns.map((column) => [column, row[column]])) as Row),
    total,
    totalIsLowerBound:
      total >= page.upTo || (walkAnswered && Number(first?.owned) > SEARCH_WALK_ROWS),
  };
}
