import { sql } from 'kysely';
import { openDatabase } from '../apps/server/src/db/database.js';
import { createScratchDatabase } from '../harness/scratch-database.js';
import { createUser } from '../apps/server/src/modules/users/users.repository.js';
import { insertLinks } from '../apps/server/src/modules/links/links.repository.js';
const database = await createScratchDatabase('postgres://postgres@127.0.0.1:5432/test', 'explain');
const db = await openDatabase({ engine: 'postgres', url: database.url });
try {
  const ids: number[] = [];
  for (const rows of [10, 1000, 100000]) {
    const u = await createUser(db.kysely, { username: `u${rows}`, email: `u${rows}@x.com`, passwordHash: 'x', role: 'user' });
    ids.push(u.id);
    for (let s = 0; s < rows; s += 2000) {
      const n = Math.min(2000, rows - s);
      await insertLinks(db.kysely, u.id, Array.from({ length: n }, (_, k) => { const i = s + k; return { title: `Guide ${i} ${i % 5 < 2 ? 'quest' : 'farm'}`, url: `https://e/${u.id}/${i}`, category: null }; }));
    }
  }
  await sql`vacuum analyze links`.execute(db.kysely);
  for (const id of ids.slice(1)) {
    const q = `select id, title from links where user_id = ${id} and search_text like '%quest%' order by id limit 10`;
    const r = await sql.raw(`explain analyze ${q}`).execute(db.kysely);
    console.log(id, (r.rows as any[]).map((x) => x['QUERY PLAN']).join('\n'));
    const c = `select count(*) from (select 1 from links where user_id = ${id} and search_text like '%quest%' limit 110) m`;
    const r2 = await sql.raw(`explain analyze ${c}`).execute(db.kysely);
    console.log((r2.rows as any[]).map((x) => x['QUERY PLAN']).join('\n'));
  }
} finally { await db.close(); await database.drop(); }
