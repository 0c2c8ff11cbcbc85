import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { dataExports } from '../db/schema/index.ts';
import { usersRepository } from '../modules/users/users.repository.ts';
import { buildTestApp, multipart, type TestApp } from '../test/build-test-app.ts';
import { PDF, PNG, seminarFixtures } from '../test/fixtures.ts';

/**
 * A kill between a file's rename into the upload directory and its row leaves a file no row names.
 * The start-up sweep removes such files (on PostgreSQL only those older than an hour: another
 * instance may be between the two steps) and keeps every file a row names.
 */
describe('start-up sweep of stored files that no row names', () => {
  const dirs: string[] = [];
  let t: TestApp | undefined;
  let queued: TestApp | undefined;
  let first: TestApp | undefined;
  afterAll(async () => {
    await t?.close();
    await queued?.close();
    await first?.close();
    for (const d of dirs) await rm(d, { recursive: true, force: true });
  });

  it('removes orphans and partial uploads, keeps every file a row names', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'elearn-orphans-'));
    dirs.push(dataDir);
    t = await buildTestApp({ dataDir });
    const uploads = t.app.uploadDir;
    const fx = seminarFixtures(t.app);
    const trainer = await t.make.user({ scopes: ['trainer'] });
    const seminar = await fx.seminar(trainer.id, { image: true });
    const chapter = await fx.chapter(seminar.id);
    const owner = await t.loginAs(trainer.email);
    const doc = multipart({ chapter_id: String(chapter.id) }, [
      { field: 'docs', filename: 'kept.pdf', type: 'application/pdf', data: PDF },
    ]);
    expect(
      (await owner.post('/api/chapters/storeDocs', doc.payload, { headers: doc.headers })).statusCode,
    ).toBe(201);
    const form = multipart(
      { first_name: 'A', last_name: 'B', username: trainer.username, email: trainer.email },
      [{ field: 'avatar', filename: 'me.png', type: 'image/png', data: PNG }],
    );
    expect((await owner.post('/api/user/update', form.payload, { headers: form.headers })).statusCode).toBe(
      200,
    );
    const avatar = (await usersRepository.findById(t.app.database.db, trainer.id))?.avatarPath;
    expect(avatar).toBeTruthy();
    const [file] = await t.app.database.db.query.chapterFiles.findMany({
      where: (f, { eq }) => eq(f.chapterId, chapter.id),
    });
    const named = [seminar.imagePath, file?.storagePath, avatar] as string[];

    // what a kill leaves: renamed files without their rows (an hour old and fresh), a partial upload
    const hourAgo = new Date(Date.now() - 2 * 3_600_000);
    const orphans = [
      'docs/orphan1.pdf',
      'videos/orphan2.webm',
      'seminars/orphan3.png',
      'avatars/orphan4.png',
    ];
    for (const rel of orphans) {
      await mkdir(path.dirname(path.join(uploads, rel)), { recursive: true });
      await writeFile(path.join(uploads, rel), 'x');
      await utimes(path.join(uploads, rel), hourAgo, hourAgo);
    }
    await writeFile(path.join(uploads, 'docs/fresh-orphan.pdf'), 'x');
    await writeFile(path.join(uploads, 'tmp/partial.part'), 'x');

    // the next start on the same data
    await t.app.close();
    const again = await buildApp(t.config, { logger: false });
    try {
      await again.orphanSweep;
      for (const rel of named) expect(existsSync(path.join(uploads, rel)), rel).toBe(true);
      for (const rel of orphans) expect(existsSync(path.join(uploads, rel)), rel).toBe(false);
      expect(existsSync(path.join(uploads, 'tmp/partial.part'))).toBe(false);
      // PGlite: this process is the only one, so nothing can be between rename and row
      expect(existsSync(path.join(uploads, 'docs/fresh-orphan.pdf'))).toBe(again.database.kind === 'pg');
    } finally {
      await again.close();
    }
  }, 240_000);

  /*
   * Issue 39: the sweep of a large upload directory runs in the background, so the app answers
   * while it lists and removes; a file written after the start (an upload, a job's archive) is kept
   * even on PGlite, where the sweep takes every orphan written before the start.
   */
  it('answers before the sweep has finished, which keeps a file written after the start', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'elearn-orphans-bg-'));
    dirs.push(dataDir);
    first = await buildTestApp({ dataDir });
    const uploads = first.app.uploadDir;
    const config = first.config;
    await first.app.close();
    // many orphans: listing and removing them takes far longer than one request
    const names = Array.from({ length: 20_000 }, (_, i) => `docs/orphan-${i}.pdf`);
    await mkdir(path.join(uploads, 'docs'), { recursive: true });
    const old = new Date(Date.now() - 2 * 3_600_000);
    for (let i = 0; i < names.length; i += 500)
      await Promise.all(
        names.slice(i, i + 500).map(async (rel) => {
          await writeFile(path.join(uploads, rel), 'x');
          await utimes(path.join(uploads, rel), old, old);
        }),
      );
    const again = await buildApp(config, { logger: false });
    try {
      let swept = false;
      void again.orphanSweep.then(() => {
        swept = true;
      });
      expect((await again.inject({ url: '/api/health' })).statusCode).toBe(200);
      expect(swept).toBe(false);
      // what an upload renames into place while the sweep runs (no row names it yet)
      await writeFile(path.join(uploads, 'docs/uploading.pdf'), 'x');
      await again.orphanSweep;
      expect(swept).toBe(true);
      expect(existsSync(path.join(uploads, 'docs/uploading.pdf'))).toBe(true);
      // the orphans of before the start: all on PGlite, none younger than an hour on PostgreSQL
      const left = names.filter((rel) => existsSync(path.join(uploads, rel))).length;
      expect(left).toBe(0);
    } finally {
      await again.close();
    }
  }, 240_000);

  /*
   * Issue 35: a file that only a queued job names would be swept as an orphan. None exists: a job
   * names its row (an export's job carries the export's id, no file key), and a job that makes a
   * file names it in the row in the step that finishes it (buildExport's markReady). What a build
   * cut short leaves is an orphan; the job, run again, builds the archive anew under a new key.
   */
  it('a queued job names no stored file: after the sweep it still builds its export', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'elearn-orphans-jobs-'));
    dirs.push(dataDir);
    // an instance without workers: the export's job stays queued
    queued = await buildTestApp({ dataDir, jobWorkers: false });
    const user = await queued.make.user();
    const asked = await (await queued.loginAs(user.email)).post('/api/privacy/exports');
    expect(asked.statusCode).toBe(202);
    const exportId = (asked.json() as { id: number }).id;
    const jobs = (await queued.app.database.db.execute(
      sql`SELECT data FROM pgboss.job WHERE name = 'privacy-export' AND state < 'active'`,
    )) as unknown as { rows: { data: unknown }[] };
    expect(jobs.rows.map((r) => r.data)).toEqual([{ exportId }]);
    // what a build killed before its row was marked ready leaves (old enough for PostgreSQL's sweep)
    const uploads = queued.app.uploadDir;
    const leftover = 'exports/killed-build.zip';
    await mkdir(path.join(uploads, 'exports'), { recursive: true });
    await writeFile(path.join(uploads, leftover), 'PK partial');
    const hoursAgo = new Date(Date.now() - 2 * 3_600_000);
    await utimes(path.join(uploads, leftover), hoursAgo, hoursAgo);

    // the next start on the same data, with workers: the sweep, then the queued job
    await queued.app.close();
    const again = await buildApp({ ...queued.config, jobWorkers: true }, { logger: false });
    try {
      await again.orphanSweep;
      expect(existsSync(path.join(uploads, leftover))).toBe(false);
      // the run under load (CI runs the suite on two cores) may take a while
      const end = Date.now() + 150_000;
      let row: typeof dataExports.$inferSelect | undefined;
      for (;;) {
        again.jobs.wake();
        [row] = await again.database.db.select().from(dataExports).where(eq(dataExports.id, exportId));
        if (row?.status !== 'pending' || Date.now() > end) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(row?.status).toBe('ready');
      expect(row!.fileKey).not.toBe(leftover);
      expect((await again.files.stat(row!.fileKey!))?.size).toBeGreaterThan(100);
    } finally {
      await again.close();
    }
  }, 240_000);
});
