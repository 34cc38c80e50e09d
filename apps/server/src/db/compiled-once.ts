import type { CompiledQuery, Compilable, Kysely } from 'kysely';
import type { Db } from './database.js';
import type { Database } from './schema.js';

type DB = Kysely<Database>;

/** Stands where a value of the query will go, while the query's shape is built and compiled. */
class Slot {
  constructor(readonly index: number) {}
}

/** A query whose values are the arguments, by position, of the compiled shape. */
export type Template = { compiled: CompiledQuery; slots: (number | undefined)[] };

/** Gives the placeholder of the `index`-th argument, typed as the value it stands for. */
export type ArgumentOf<Args extends readonly unknown[]> = <I extends number & keyof Args>(
  index: I,
) => Args[I];

/**
 * A query of one fixed shape, built and compiled by Kysely once per database and then run with
 * new values. Building and compiling a query costs Kysely about a tenth of a signed-in page's
 * CPU; the hot lists have a handful of shapes whose only change from request to request is the
 * values. `build` receives a placeholder for each argument and must use it only as a value
 * (a `where`, `limit` or `offset` operand): the compiled parameters are then those values in
 * order, and each run substitutes the new ones. The SQL text stays the same, so better-sqlite3
 * reuses its prepared statement (db/statement-cache.ts).
 */
export function compiledOnce<Args extends readonly unknown[], Row>(
  build: (db: DB, arg: ArgumentOf<Args>) => Compilable<Row>,
) {
  const queryOf = compiledQueryOnce(build);
  return async (db: DB, args: Args): Promise<Row[]> => {
    const { rows } = await db.executeQuery<Row>(queryOf(db, args));
    return rows;
  };
}

/**
 * The compiled query of one fixed shape (as compiledOnce builds it) with `args` as its values,
 * for a caller that runs it itself: several read together at once (Db.readNow), say.
 */
export function compiledQueryOnce<Args extends readonly unknown[], Row>(
  build: (db: DB, arg: ArgumentOf<Args>) => Compilable<Row>,
) {
  const templates = new WeakMap<DB, Template>();
  return (db: DB, args: Args): CompiledQuery<Row> => {
    let template = templates.get(db);
    if (!template) {
      template = compileTemplate(build(db, slotsOf<Args>()));
      templates.set(db, template);
    }
    return withValues(template, args);
  };
}

/**
 * compiledOnce for a read that may be answered at once: on SQLite, outside a transaction, the
 * rows come back without a turn of the event loop (Db.readNow); otherwise as a promise.
 */
export function compiledOnceNow<Args extends readonly unknown[], Row>(
  build: (db: DB, arg: ArgumentOf<Args>) => Compilable<Row>,
) {
  const queryOf = compiledQueryOnce(build);
  return (db: Db, args: Args): Row[] | Promise<Row[]> => {
    const query = queryOf(db.kysely, args);
    const [rows] = db.readNow?.([query]) ?? [];
    if (rows) return rows as Row[];
    return db.kysely.executeQuery<Row>(query).then((result) => result.rows);
  };
}

const slotsOf = <Args extends readonly unknown[]>() =>
  ((index: number) => new Slot(index)) as ArgumentOf<Args>;

/** The template's query with `args` in place of its placeholders. */
function withValues<Row>(
  { compiled, slots }: Template,
  args: readonly unknown[],
): CompiledQuery<Row> {
  const parameters = compiled.parameters.map((fixed, i) => {
    const slot = slots[i];
    return slot === undefined ? fixed : args[slot];
  });
  return { ...compiled, parameters } as CompiledQuery<Row>;
}

function compileTemplate(query: Compilable<unknown>): Template {
  const compiled = query.compile();
  const slots = compiled.parameters.map((value) =>
    value instanceof Slot ? value.index : undefined,
  );
  // A placeholder anywhere but among the parameters (in the SQL text itself) would run as text.
  if (compiled.sql.includes('[object Object]')) {
    throw new Error(`A compiled-once query used an argument outside its values: ${compiled.sql}`);
  }
  return { compiled, slots };
}
