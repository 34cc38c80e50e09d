import type { CreateTableBuilder } from 'kysely';
import type { Engine } from './schema.js';

/** An auto-incrementing integer primary key named id, spelled the way each engine wants it. */
export function addIdColumn<T extends string>(table: CreateTableBuilder<T>, engine: Engine) {
  return engine === 'postgres'
    ? table.addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());
}
