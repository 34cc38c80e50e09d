import { sql, type Kysely } from 'kysely';
import type { MigrationEngine } from '../migration-helpers.js';

/*
 * Versions of what a signed-in answer is read from, so that an answer kept in memory is known
 * to be current with one indexed read (http-cache/personal-answers.ts).
 *
 * `list_versions` holds one counter per user and list (user 0 for the notifications, which every
 * user reads). Triggers raise it in the same transaction as every insert, update and delete of
 * the list's table, whichever code path writes (a route, an import, the background valuation of
 * income, a cascade from a deleted account): an instance cannot miss a write another made.
 *
 * Rows have no foreign key and outlive their user: deleting a user raises their counters, so a
 * later account given the same id (SQLite may reuse the highest id) never matches an answer
 * kept for the deleted one.
 */
const PER_USER = ['wallets', 'links', 'income_records', 'notification_reads'] as const;
const SHARED = ['notifications'] as const;
const EVENTS = ['insert', 'update', 'delete'] as const;

/** Raises a counter; `list` and `owner` are SQL expressions. */
const bump = (list: string, owner: string) =>
  `insert into list_versions (list, user_id, version) values (${list}, ${owner}, 1)
     on conflict (list, user_id) do update set version = list_versions.version + 1;`;

export async function up(db: Kysely<unknown>, engine: MigrationEngine): Promise<void> {
  await db.schema
    .createTable('list_versions')
    .addColumn('list', 'varchar(24)', (col) => col.notNull())
    .addColumn('user_id', 'integer', (col) => col.notNull())
    .addColumn('version', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('list_versions_pk', ['list', 'user_id'])
    .execute();
  if (engine === 'postgres') await postgresTriggers(db);
  else await sqliteTriggers(db);
}

async function sqliteTriggers(db: Kysely<unknown>) {
  for (const table of [...PER_USER, ...SHARED]) {
    const shared = (SHARED as readonly string[]).includes(table);
    for (const event of EVENTS) {
      const row = event === 'delete' ? 'old' : 'new';
      await sql
        .raw(
          `create trigger ${table}_version_${event} after ${event} on ${table} begin
             ${bump(`'${table}'`, shared ? '0' : `${row}.user_id`)}
           end`,
        )
        .execute(db);
    }
  }
  await sql
    .raw(
      `create trigger users_version_delete after delete on users begin
         update list_versions set version = version + 1 where user_id = old.id;
       end`,
    )
    .execute(db);
}

async function postgresTriggers(db: Kysely<unknown>) {
  // tg_argv[0]: the list; tg_argv[1]: 'shared' when every user reads it (user 0).
  await sql
    .raw(
      `create function list_version_bump() returns trigger language plpgsql as $$
       declare
         owner integer;
       begin
         if tg_argv[1] = 'shared' then
           owner := 0;
         elsif tg_op = 'DELETE' then
           owner := old.user_id;
         else
           owner := new.user_id;
         end if;
         ${bump('tg_argv[0]', 'owner')}
         return null;
       end $$`,
    )
    .execute(db);
  for (const table of [...PER_USER, ...SHARED]) {
    const shared = (SHARED as readonly string[]).includes(table);
    await sql
      .raw(
        `create trigger ${table}_version after insert or update or delete on ${table}
         for each row execute function list_version_bump('${table}', '${shared ? 'shared' : 'owner'}')`,
      )
      .execute(db);
  }
  await sql
    .raw(
      `create function users_version_bump() returns trigger language plpgsql as $$
       begin
         update list_versions set version = version + 1 where user_id = old.id;
         return null;
       end $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger users_version after delete on users
       for each row execute function users_version_bump()`,
    )
    .execute(db);
}
