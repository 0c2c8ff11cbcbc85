import { chmod, chown, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { canMount, mountSmallFs, unmount } from '../test/small-fs.ts';

const PG = process.env.TEST_DATABASE_URL;
const root = await mkdtemp(path.join(os.tmpdir(), 'elearn-dbdisk-'));
const mountable = PG ? await canMount(path.join(root, 'probe')) : false;

/** The uid/gid of the PostgreSQL server's own files (the tablespace directory must be its own). */
async function postgresOwner(admin: pg.Client) {
  const { rows } = await admin.query<{ dir: string }>("SELECT current_setting('data_directory') AS dir");
  const st = await stat(rows[0]!.dir).catch(() => null);
  return st ? { uid: st.uid, gid: st.gid } : null;
}

/**
 * A full disk under the database (issue 21, item 2): the users table lives in a tablespace on a
 * small tmpfs the test fills. A write that needs room answers 507 `storage_full` (never 500), the
 * reads go on, nothing half-written stays, and once room is freed writes succeed without a restart.
 * Needs PostgreSQL on this machine and the right to mount (CI runs as root).
 */
describe.skipIf(!(PG && mountable))('database disk full (PostgreSQL tablespace on a 1 MB tmpfs)', () => {
  let t: TestApp;
  let admin: pg.Client;
  const dir = path.join(root, 'tablespace');
  const space = `elearn_full_${process.pid}_${Date.now().toString(36)}`;
  const fill = async () => {
    for (let i = 0; i < 10_000; i++) {
      const ok = await writeFile(path.join(dir, `filler-${i}`), Buffer.alloc(8192)).then(
        () => true,
        () => false,
      );
      if (!ok) break;
    }
  };
  const unfill = async () => {
    for (const name of await readdir(dir)) if (name.startsWith('filler')) await rm(path.join(dir, name));
  };
  const register = (n: string) =>
    t.agent().post(
      '/api/register',
      {
        username: `full_${n}`,
        email: `full-${n}@example.test`,
        first_name: 'Fritz',
        last_name: 'Voll',
        password: 'Full-Disk-Pass1',
        password_confirmation: 'Full-Disk-Pass1',
      },
      { remoteAddress: `10.21.0.${n.length}${Math.floor(Math.random() * 90)}` },
    );

  beforeAll(async () => {
    expect(await mountSmallFs(dir, '1m')).toBe(true);
    admin = new pg.Client({ connectionString: PG });
    await admin.connect();
    const owner = await postgresOwner(admin);
    if (owner) await chown(dir, owner.uid, owner.gid);
    // the server's user must reach the directory through its private temporary parents (this
    // file's own TMPDIR from test/temp-guard.ts, made 0700 by mkdtemp, and root)
    for (const parent of [path.dirname(root), root]) await chmod(parent, 0o755);
    await admin.query(`CREATE TABLESPACE "${space}" LOCATION '${dir}'`);
    t = await buildTestApp({ rateLimitFactor: 100 });
    // the users table and its indexes move onto the small file system
    const db = t.app.database.db;
    await db.execute(sql.raw(`ALTER TABLE users SET TABLESPACE "${space}"`));
    const indexes = (await db.execute(
      sql`SELECT indexname FROM pg_indexes WHERE tablename = 'users'`,
    )) as unknown as {
      rows: { indexname: string }[];
    };
    for (const { indexname } of indexes.rows) {
      await db.execute(sql.raw(`ALTER INDEX "${indexname}" SET TABLESPACE "${space}"`));
    }
  });
  afterAll(async () => {
    await t?.close();
    await admin.query(`DROP TABLESPACE IF EXISTS "${space}"`).catch(() => undefined);
    await admin.end();
    unmount(dir);
    await rm(root, { recursive: true, force: true });
  });

  it('writes answer 507 while the disk is full, reads go on, and writes work again once room is freed', async () => {
    expect((await register('before')).statusCode).toBe(201);
    await fill();
    const statuses: number[] = [];
    // each registration needs a new page sooner or later: fill until the table cannot grow
    for (let i = 0; i < 60; i++) {
      const res = await register(`f${i}`);
      statuses.push(res.statusCode);
      if (res.statusCode === 507) {
        expect(res.json()).toMatchObject({ code: 'storage_full' });
        break;
      }
    }
    expect(statuses).not.toContain(500);
    expect(statuses.at(-1)).toBe(507);
    // reads and other writes than the full table's are served meanwhile
    expect((await t.agent().get('/api/health')).statusCode).toBe(200);
    expect((await t.agent().get('/api/seminars')).statusCode).toBe(200);
    // the refused registration left no account behind
    const refused = `full-f${statuses.length - 1}@example.test`;
    const left = await t.app.database.db.select().from(users).where(eq(users.email, refused));
    expect(left).toHaveLength(0);

    await unfill();
    expect((await register('after')).statusCode).toBe(201);
  });
});
