import {
  DEFAULT_MIGRATION_LOCK_TABLE,
  DEFAULT_MIGRATION_TABLE,
  PostgresDialect,
  sql,
  type ColumnMetadata,
  type DatabaseIntrospector,
  type DatabaseMetadataOptions,
  type Kysely,
  type TableMetadata,
} from 'kysely';

type ColumnRow = {
  table: string;
  kind: string;
  column: string | null;
  type: string | null;
  not_null: boolean | null;
  has_default: boolean | null;
  identity: string | null;
  serial: boolean | null;
};

/**
 * Kysely's own PostgreSQL introspector reads the columns of every schema in the database and
 * calls pg_get_serial_sequence on each, so a schema that another connection drops or alters
 * meanwhile makes it fail ("schema … does not exist", "column … does not exist"). The migrator
 * asks it whether its table exists, so installs (or test runs) in several schemas of one
 * database could fail each other's migrations. This one reads the connection's own schema only
 * (current_schema(), which the pool's search_path sets) from the catalog, calling nothing per row.
 */
export class CurrentSchemaIntrospector implements DatabaseIntrospector {
  constructor(private readonly db: Kysely<unknown>) {}

  async getSchemas() {
    const { rows } = await sql<{ name: string }>`select current_schema() as name`.execute(this.db);
    return rows;
  }

  async getTables(
    options: DatabaseMetadataOptions = { withInternalKyselyTables: false },
  ): Promise<TableMetadata[]> {
    const { rows } = await sql<ColumnRow>`
      select c.relname as table, c.relkind as kind, a.attname as column,
        format_type(a.atttypid, a.atttypmod) as type, a.attnotnull as not_null,
        a.atthasdef as has_default, a.attidentity as identity,
        coalesce(pg_catalog.pg_get_expr(d.adbin, d.adrelid) like 'nextval(%', false) as serial
      from pg_catalog.pg_class c
      join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      left join pg_catalog.pg_attribute a
        on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
      left join pg_catalog.pg_attrdef d on d.adrelid = c.oid and d.adnum = a.attnum
      where n.nspname = current_schema() and c.relkind in ('r', 'p', 'v', 'm')
      order by c.relname, a.attnum`.execute(this.db);
    const internal = new Set([DEFAULT_MIGRATION_TABLE, DEFAULT_MIGRATION_LOCK_TABLE]);
    const tables = new Map<string, { name: string; isView: boolean; columns: ColumnMetadata[] }>();
    for (const row of rows) {
      if (!options.withInternalKyselyTables && internal.has(row.table)) continue;
      let table = tables.get(row.table);
      if (!table) {
        table = { name: row.table, isView: row.kind === 'v' || row.kind === 'm', columns: [] };
        tables.set(row.table, table);
      }
      if (row.column === null) continue;
      table.columns.push({
        name: row.column,
        dataType: row.type ?? '',
        isNullable: !row.not_null,
        hasDefaultValue: Boolean(row.has_default) || Boolean(row.identity),
        isAutoIncrementing: Boolean(row.identity) || Boolean(row.serial),
      });
    }
    const schema = (await this.getSchemas())[0]?.name;
    return [...tables.values()].map((table) => ({ ...table, ...(schema ? { schema } : {}) }));
  }

  async getMetadata(options?: DatabaseMetadataOptions) {
    return { tables: await this.getTables(options) };
  }
}

/** PostgreSQL as Kysely speaks it, introspecting only the connection's own schema. */
export class CurrentSchemaPostgresDialect extends PostgresDialect {
  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new CurrentSchemaIntrospector(db);
  }
}
