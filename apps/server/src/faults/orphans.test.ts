import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
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
  afterAll(async () => {
    await t?.close();
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
      for (const rel of named) expect(existsSync(path.join(uploads, rel)), rel).toBe(true);
      for (const rel of orphans) expect(existsSync(path.join(uploads, rel)), rel).toBe(false);
      expect(existsSync(path.join(uploads, 'tmp/partial.part'))).toBe(false);
      // PGlite: this process is the only one, so nothing can be between rename and row
      expect(existsSync(path.join(uploads, 'docs/fresh-orphan.pdf'))).toBe(again.database.kind === 'pg');
    } finally {
      await again.close();
    }
  }, 240_000);
});
