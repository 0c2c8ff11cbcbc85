import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createScratchPostgres, type Database, MIGRATIONS_DIR, openDatabase } from '../db/client.ts';

/**
 * Databases as an earlier migration left them, for the tests of a data migration: the project's
 * migrations up to a tag, on PGlite, or on a scratch PostgreSQL database when TEST_DATABASE_URL is
 * set. `closeAll` drops them and their folders (call it in afterAll).
 */
export function migrationsAt() {
  const tmpDirs: string[] = [];
  const drops: (() => Promise<void>)[] = [];

  /** the project's migrations up to and including `lastTag` (a folder of its own) */
  function migrationsUpTo(lastTag: string): string {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'migrations-'));
    tmpDirs.push(dir);
    cpSync(MIGRATIONS_DIR, dir, { recursive: true });
    const journalPath = path.join(dir, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
    const last = journal.entries.findIndex((e) => e.tag === lastTag);
    if (last < 0) throw new Error(`no migration ${lastTag}`);
    journal.entries = journal.entries.slice(0, last + 1);
    writeFileSync(journalPath, JSON.stringify(journal));
    return dir;
  }

  return {
    /** a new database migrated up to and including `lastTag`; `database.migrate()` goes on to the last */
    async openAt(lastTag: string): Promise<Database> {
      const base = process.env.TEST_DATABASE_URL;
      let database: Database;
      if (base) {
        const scratch = await createScratchPostgres(base);
        database = await openDatabase({ databaseUrl: scratch.url, dataDir: 'memory://' });
        drops.push(async () => {
          await database.close();
          await scratch.drop();
        });
      } else {
        database = await openDatabase({ dataDir: 'memory://' });
        drops.push(() => database.close());
      }
      await database.migrate(migrationsUpTo(lastTag));
      return database;
    },
    async closeAll() {
      for (const drop of drops) await drop();
      for (const dir of tmpDirs) rmSync(dir, { recursive: true, force: true });
    },
  };
}
