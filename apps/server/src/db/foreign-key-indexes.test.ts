import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Database, openDatabase } from './client.ts';
import { rowsOf } from './query-helpers.ts';

// issue 39 item 3: every foreign key has an index whose leading columns are its columns, so that
// deleting (or changing the key of) a referenced row finds the referencing rows without scanning
// the table (a user's deletion checks every table that points at users: runs, grants, ...)
let database: Database;

beforeAll(async () => {
  database = await openDatabase({ dataDir: 'memory://' });
  await database.migrate();
});

afterAll(async () => {
  await database.close();
});

it('has an index for every foreign key after the migrations', async () => {
  const missing = rowsOf(
    await database.db.execute(sql`
      select c.conrelid::regclass::text || '(' || array_to_string(array(
          select a.attname from unnest(c.conkey) with ordinality k(n, i)
          join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.n order by k.i), ', ') || ')' as fk
      from pg_constraint c
      where c.contype = 'f' and c.connamespace = 'public'::regnamespace
        and not exists (
          select 1 from pg_index i
          where i.indrelid = c.conrelid
            and (i.indkey::int2[])[0:cardinality(c.conkey) - 1] @> c.conkey
            and c.conkey @> (i.indkey::int2[])[0:cardinality(c.conkey) - 1])
      order by 1`),
  ).map((r) => r.fk);
  expect(missing).toEqual([]);
});
