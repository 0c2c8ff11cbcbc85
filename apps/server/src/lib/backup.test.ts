import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.ts';
import { seedDemoData } from '../seed/seed.ts';

const run = promisify(execFile);
const CLI = fileURLToPath(new URL('../cli.ts', import.meta.url));

/** `npm run cli -- …` as a real process, on the given data directory */
async function cli(dataDir: string, ...args: string[]) {
  const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'test' };
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', CLI, ...args], { env });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

async function filesWithHashes(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const e of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!e.isFile()) continue;
    const full = path.join(e.parentPath, e.name);
    out[path.relative(dir, full)] = createHash('sha256')
      .update(await readFile(full))
      .digest('hex');
  }
  return out;
}

describe('npm run cli -- backup / restore (embedded database)', () => {
  let root: string;
  let source: string;
  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'elearn-backup-'));
    source = path.join(root, 'data');
    const database = await openDatabase({ dataDir: source });
    await database.migrate();
    await seedDemoData(database.db, { onlyIfEmpty: true, files: path.join(source, 'uploads') });
    await database.close();
    await writeFile(path.join(source, '.session-secret'), 'a-secret-of-this-installation-0123456789');
    // a temporary upload part is not data and stays out of the archive
    await mkdir(path.join(source, 'uploads', 'tmp'), { recursive: true });
    await writeFile(path.join(source, 'uploads', 'tmp', 'x.part'), 'partial');
  }, 120_000);
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('round trip: the restored directory has the same database rows, uploads and secret', async () => {
    const archive = path.join(root, 'backup.tar.gz');
    const b = await cli(source, 'backup', archive);
    expect(b.stderr).toBe('');
    expect(b.code).toBe(0);
    expect(b.stdout).toMatch(/backup written to .*backup\.tar\.gz \(database and \d+ uploaded files\)/);

    const target = path.join(root, 'restored');
    const r = await cli(target, 'restore', archive);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`into ${target}`);

    const before = await filesWithHashes(path.join(source, 'uploads'));
    delete before[path.join('tmp', 'x.part')];
    expect(Object.keys(before).length).toBeGreaterThan(0);
    expect(await filesWithHashes(path.join(target, 'uploads'))).toEqual(before);
    expect(await readFile(path.join(target, '.session-secret'), 'utf8')).toBe(
      'a-secret-of-this-installation-0123456789',
    );

    const count = async (dir: string) => {
      const db = await openDatabase({ dataDir: dir });
      try {
        const q = async (table: string) =>
          Number(
            (
              (await db.db.execute(`SELECT count(*)::int AS n FROM ${table}`)) as unknown as {
                rows: { n: number }[];
              }
            ).rows[0]!.n,
          );
        return {
          users: await q('users'),
          seminars: await q('seminars'),
          files: await q('chapter_files'),
          runs: await q('user_graduate_mctests'),
        };
      } finally {
        await db.close();
      }
    };
    const a = await count(source);
    expect(a.users).toBeGreaterThan(3);
    expect(await count(target)).toEqual(a);
  }, 180_000);

  it('refuses to restore into a directory that is not empty, and leaves it alone', async () => {
    const archive = path.join(root, 'backup2.tar.gz');
    expect((await cli(source, 'backup', archive)).code).toBe(0);
    const r = await cli(source, 'restore', archive);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('is not empty');
    expect(await readdir(source)).toContain('pglite');
  }, 180_000);

  it('refuses an archive that is not a backup, leaving the new directory empty', async () => {
    const junk = path.join(root, 'junk.tar.gz');
    await writeFile(junk, 'not an archive at all');
    const target = path.join(root, 'restored-junk');
    const r = await cli(target, 'restore', junk);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/not a (readable )?backup archive/);
    expect(await readdir(target)).toEqual([]);
  }, 60_000);

  it('asks for a file, and sends PostgreSQL users to pg_dump', async () => {
    expect((await cli(source, 'backup')).stderr).toContain('usage: npm run cli -- backup <file>');
    const env = { ...process.env, DATA_DIR: source, DATABASE_URL: 'postgres://nobody@127.0.0.1:1/x' };
    const res = await run(process.execPath, ['--import', 'tsx', CLI, 'backup', path.join(root, 'x.tgz')], {
      env,
    }).catch((e: { code: number; stderr: string }) => e);
    expect((res as { code: number }).code).toBe(2);
    expect((res as { stderr: string }).stderr).toContain('pg_dump');
  }, 60_000);
});
