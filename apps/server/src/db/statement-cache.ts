import type { SqliteDatabase, SqliteStatement } from 'kysely';
import { LRUCache } from 'lru-cache';

/** Distinct SQL texts kept prepared: the app's queries are a few hundred shapes at most. */
const DEFAULT_CAPACITY = 500;

/**
 * A better-sqlite3 database for Kysely that prepares each SQL text once. Kysely's SQLite driver
 * prepares every query it runs, and on a signed-in list that compiling costs about as much as a
 * tenth of the request; the app's queries are a fixed set of shapes with parameters, so each is
 * compiled once and then reused.
 *
 * Reuse is safe here: better-sqlite3 runs a statement to the end before `all` or `run` returns,
 * and Kysely holds its one connection for the whole of a streamed query, so no statement is ever
 * asked to run while it is still running. SQLite recompiles a prepared statement by itself when
 * the schema changes under it. The least recently used statement is dropped past `capacity`.
 */
export function withStatementCache<Statement extends SqliteStatement>(
  database: Pick<SqliteDatabase, 'close'> & { prepare(sql: string): Statement },
  capacity = DEFAULT_CAPACITY,
): Pick<SqliteDatabase, 'close'> & { prepare(sql: string): Statement } {
  const statements = new LRUCache<string, Statement>({ max: capacity });
  return {
    prepare(sql: string): Statement {
      let statement = statements.get(sql);
      if (!statement) {
        statement = database.prepare(sql);
        statements.set(sql, statement);
      }
      return statement;
    },
    close() {
      statements.clear();
      database.close();
    },
  };
}
