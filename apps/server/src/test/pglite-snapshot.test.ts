import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../db/client.ts';
import { rowsOf } from '../db/query-helpers.ts';

const SCHEMA = sql`SELECT table_name, column_name, data_type, is_nullable, column_default
  FROM information_schema.columns WHERE table_schema IN ('public', 'drizzle')
  ORDER BY table_name, column_name`;
const INDEXES = sql`SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' ORDER BY indexname`;

async function shape(database: Database) {
  await database.migrate();
  const columns = rowsOf(await database.db.execute(SCHEMA));
  const indexes = rowsOf(await database.db.execute(INDEXES));
  const applied = rowsOf(
    await database.db.execute(sql`SELECT hash FROM drizzle.__drizzle_migrations ORDER BY id`),
  );
  return { columns, indexes, applied };
}

describe('the migrated PGlite snapshot of the test suite', () => {
  // the snapshot is PGlite's; a PostgreSQL run migrates a scratch database per file instead
  it.skipIf(!!process.env.TEST_DATABASE_URL)(
    'gives the same database as applying every migration, and a fresh one per open',
    async () => {
      const snapshot = process.env.TEST_PGLITE_SNAPSHOT;
      expect(snapshot, 'src/test/pglite-snapshot.ts did not run').toBeTruthy();
      const migrated = await openDatabase({ dataDir: 'memory://' });
      const a = await openDatabase({ dataDir: 'memory://', pgliteSnapshot: snapshot });
      const b = await openDatabase({ dataDir: 'memory://', pgliteSnapshot: snapshot });
      try {
        const expected = await shape(migrated);
        expect(expected.applied.length).toBeGreaterThan(20);
        expect(await shape(a)).toEqual(expected);
        // a write to one database started from the snapshot is not in another
        await a.db.execute(sql`CREATE TABLE only_in_a (id int)`);
        expect(rowsOf(await b.db.execute(sql`SELECT to_regclass('only_in_a') AS t`))[0]).toEqual({ t: null });
      } finally {
        await Promise.all([migrated.close(), a.close(), b.close()]);
      }
    },
  );
});
