import { sql, type Kysely } from 'kysely';
import type { Db } from '../../src/db/database.js';

/** A foreign key as the database's catalogue states it. */
export type ForeignKey = {
  table: string;
  column: string;
  refTable: string;
  refColumn: string;
  onDelete: string;
};

const raw = (db: Db) => db.kysely as unknown as Kysely<Record<string, Record<string, unknown>>>;

/** Every table of the schema, read from the catalogue: tables added later are included. */
export async function listTables(db: Db): Promise<string[]> {
  if (db.engine === 'sqlite') {
    const { rows } = await sql<{ name: string }>`
      select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(
      db.kysely,
    );
    return rows.map((row) => row.name);
  }
  const { rows } = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(db.kysely);
  return rows.map((row) => row.name);
}

export async function listForeignKeys(db: Db): Promise<ForeignKey[]> {
  if (db.engine === 'sqlite') {
    const keys: ForeignKey[] = [];
    for (const table of await listTables(db)) {
      const { rows } = await sql<{ table: string; from: string; to: string; on_delete: string }>`
        select "table", "from", "to", on_delete from pragma_foreign_key_list(${table})`.execute(
        db.kysely,
      );
      for (const row of rows)
        keys.push({
          table,
          column: row.from,
          refTable: row.table,
          refColumn: row.to,
          onDelete: row.on_delete.toLowerCase(),
        });
    }
    return keys;
  }
  const { rows } = await sql<ForeignKey>`
    select kcu.table_name as "table", kcu.column_name as "column",
      ccu.table_name as "refTable", ccu.column_name as "refColumn",
      lower(rc.delete_rule) as "onDelete"
    from information_schema.referential_constraints rc
    join information_schema.key_column_usage kcu
      on kcu.constraint_name = rc.constraint_name and kcu.constraint_schema = rc.constraint_schema
    join information_schema.constraint_column_usage ccu
      on ccu.constraint_name = rc.unique_constraint_name
      and ccu.constraint_schema = rc.unique_constraint_schema
    where rc.constraint_schema = current_schema()`.execute(db.kysely);
  return rows;
}

/** Rows whose `column` holds one of `values`. */
export async function rowsWhere(db: Db, table: string, column: string, values: unknown[]) {
  if (values.length === 0) return [];
  return raw(db).selectFrom(table).selectAll().where(column, 'in', values).execute();
}

export type OwnedRows = Map<string, { table: string; column: string; values: unknown[] }>;

/**
 * Every row that is a user's by the catalogue's foreign keys: the user, the rows whose key names
 * it and are deleted with it (cascade), the rows that name those in turn, and so on; plus, for
 * a key that is set to null instead (the author of a notification), the rows that name the user.
 */
export async function rowsOwnedBy(db: Db, userId: number) {
  const keys = await listForeignKeys(db);
  const owned: OwnedRows = new Map([
    ['users.id', { table: 'users', column: 'id', values: [userId] }],
  ]);
  const queue: { table: string; rows: Record<string, unknown>[] }[] = [
    { table: 'users', rows: await rowsWhere(db, 'users', 'id', [userId]) },
  ];
  const counts: Record<string, number> = { users: 1 };
  while (queue.length > 0) {
    const { table, rows } = queue.shift()!;
    for (const key of keys.filter((k) => k.refTable === table)) {
      const values = rows.map((row) => row[key.refColumn]);
      const children = await rowsWhere(db, key.table, key.column, values);
      if (children.length === 0) continue;
      const id = `${key.table}.${key.column}`;
      const known = owned.get(id);
      owned.set(id, {
        table: key.table,
        column: key.column,
        values: [...new Set([...(known?.values ?? []), ...values])],
      });
      counts[key.table] = (counts[key.table] ?? 0) + children.length;
      if (key.onDelete === 'cascade') queue.push({ table: key.table, rows: children });
    }
  }
  return { owned, counts };
}

/** Every row of every table as text, to look for a value anywhere. */
export async function everyRowAsText(db: Db): Promise<Record<string, string>> {
  const text: Record<string, string> = {};
  for (const table of await listTables(db)) {
    const rows = await raw(db).selectFrom(table).selectAll().execute();
    // Buffers reach the replacer as { type: 'Buffer', data }; their bytes are no text.
    text[table] = JSON.stringify(rows, (_key, value: unknown) =>
      (value as { type?: unknown })?.type === 'Buffer' ? '[bytes]' : value,
    );
  }
  return text;
}
