import { sql } from 'kysely';
import type { Engine } from './schema.js';

/*
 * The one place where the two engines' storage differences are smoothed over.
 * Booleans: SQLite has none, so both engines are written 1/0 (PostgreSQL parses '1'/'0' into a
 * boolean column) and read back through decodeBool. Timestamps: SQLite keeps ISO-8601 text,
 * PostgreSQL timestamptz, whose reader (pgTypeParsers) answers the same ISO-8601 text.
 */

export const encodeBool = (value: boolean): number => (value ? 1 : 0);

export const decodeBool = (value: unknown): boolean =>
  value === true || value === 1 || value === '1';

export const nowTimestamp = (): string => new Date().toISOString();

export const toTimestamp = (value: Date): string => value.toISOString();

export function columnType(engine: Engine, kind: 'timestamp' | 'boolean' | 'bigint' | 'blob') {
  if (engine === 'postgres') {
    return (
      { timestamp: 'timestamptz', boolean: 'boolean', bigint: 'bigint', blob: 'bytea' } as const
    )[kind];
  }
  return ({ timestamp: 'text', boolean: 'integer', bigint: 'integer', blob: 'blob' } as const)[
    kind
  ];
}

const PG_INT8 = 20;
const PG_TIMESTAMP = 1114;
const PG_TIMESTAMPTZ = 1184;

/**
 * Type parsers for node-postgres so rows read from PostgreSQL look like rows read from SQLite:
 * counts (int8) as numbers, timestamps as ISO-8601 strings.
 */
export function pgTypeParser(oid: number, fallback: (text: string) => unknown) {
  switch (oid) {
    case PG_INT8:
      return (text: string) => Number(text);
    case PG_TIMESTAMPTZ:
      return (text: string) => new Date(text).toISOString();
    case PG_TIMESTAMP:
      return (text: string) => new Date(`${text}Z`).toISOString();
    default:
      return fallback;
  }
}

/** The UTC calendar day (YYYY-MM-DD) of a timestamp column, computed by the database. */
export function utcDay(engine: Engine, column: string) {
  return engine === 'postgres'
    ? sql<string>`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD')`
    : sql<string>`substr(${sql.ref(column)}, 1, 10)`;
}
