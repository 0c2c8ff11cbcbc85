import { rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { MIGRATIONS_DIR } from '../paths.ts';

/**
 * vitest globalSetup of the server project: applies every migration once to an in-memory PGlite
 * and dumps its data directory; each test app then starts its own in-memory database from that
 * dump (TEST_PGLITE_SNAPSHOT, read by testConfig) instead of applying the migrations again, which
 * cost about 3 of every test file's 4 seconds of set-up. Each file still gets a database of its
 * own. Not on PostgreSQL (TEST_DATABASE_URL), where each file migrates a scratch database.
 */
export default async function setup() {
  if (process.env.TEST_DATABASE_URL || process.env.TEST_PGLITE_SNAPSHOT) return;
  const client = await PGlite.create();
  try {
    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_DIR });
    const dump = await client.dumpDataDir('none');
    const file = path.join(os.tmpdir(), `elearn-pglite-snapshot-${process.pid}.tar`);
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    process.env.TEST_PGLITE_SNAPSHOT = file;
    return () => {
      rmSync(file, { force: true });
      delete process.env.TEST_PGLITE_SNAPSHOT;
    };
  } finally {
    await client.close();
  }
}
