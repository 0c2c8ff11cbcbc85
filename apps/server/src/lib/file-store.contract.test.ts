import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { type AddressInfo, createServer, type Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chapterFiles } from '../db/schema/index.ts';
import { type Agent, buildTestApp, multipart, type TestApp } from '../test/build-test-app.ts';
import { PDF, PNG, SAMPLE_MP4, seminarFixtures } from '../test/fixtures.ts';
import { startTestS3, type TestS3 } from '../test/s3-server.ts';
import { startServerProcess } from '../test/server-process.ts';
import { type FileStore, localFileStore, putFile, type S3Settings } from './file-store.ts';
import { openFileStore } from './open-file-store.ts';
import { storeUpload, sweepOrphans, sweepTmp } from './storage.ts';

/**
 * One contract for every file store (issue 15): the same cases run against the local upload
 * directory and against a real S3-compatible server (s3rver from npm, started here), first on
 * the store itself, then through the HTTP API (uploads, authorization, ranges, deletion).
 */

const read = async (store: FileStore, key: string, range?: { start: number; end: number }) => {
  const parts: Buffer[] = [];
  for await (const chunk of await store.read(key, range)) parts.push(chunk as Buffer);
  return Buffer.concat(parts);
};
const keys = async (store: FileStore) => {
  const out: string[] = [];
  for await (const f of store.list()) out.push(f.key);
  return out.sort();
};
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
/** a stream of `data` in `size`-byte chunks, as a multipart file part arrives */
const chunked = (data: Buffer, size = 64 * 1024) =>
  Readable.from(
    (function* () {
      for (let i = 0; i < data.length; i += size) yield data.subarray(i, i + size);
    })(),
  );

let s3: TestS3;
const tmpDirs: string[] = [];
beforeAll(async () => {
  s3 = await startTestS3(['elearn-contract', 'elearn-api', 'elearn-shared']);
});
afterAll(async () => {
  await s3?.close();
  for (const d of tmpDirs) await rm(d, { recursive: true, force: true });
});

interface Backend {
  name: 'local' | 's3';
  /** a fresh, empty store */
  open(): Promise<FileStore>;
  /** the app's configuration for this backend */
  appConfig(): { s3?: S3Settings };
}

const backends: Backend[] = [
  {
    name: 'local',
    async open() {
      const dir = await mkdtemp(path.join(os.tmpdir(), 'elearn-store-'));
      tmpDirs.push(dir);
      return openFileStore(undefined, dir);
    },
    appConfig: () => ({}),
  },
  {
    name: 's3',
    async open() {
      // every store gets its own prefix in one bucket: fresh and empty
      return openFileStore(
        { ...s3.settings('elearn-contract'), prefix: `run-${randomBytes(4).toString('hex')}/` },
        '',
      );
    },
    appConfig: () => ({ s3: s3.settings('elearn-api') }),
  },
];

describe.each(backends)('file store contract: $name', (backend) => {
  let store: FileStore;
  beforeAll(async () => {
    store = await backend.open();
  });
  afterAll(() => store.close());

  it('stores a file, reports its size, reads it whole and by byte range, lists and removes it', async () => {
    const data = randomBytes(100_000);
    await putFile(store, 'docs/a1.pdf', data);
    expect(await store.stat('docs/a1.pdf')).toMatchObject({ size: data.length });
    expect((await read(store, 'docs/a1.pdf')).equals(data)).toBe(true);
    expect((await read(store, 'docs/a1.pdf', { start: 10, end: 19 })).equals(data.subarray(10, 20))).toBe(
      true,
    );
    expect((await read(store, 'docs/a1.pdf', { start: data.length - 1, end: data.length - 1 }))[0]).toBe(
      data[data.length - 1],
    );
    expect(await keys(store)).toEqual(['docs/a1.pdf']);
    await store.remove('docs/a1.pdf');
    expect(await store.stat('docs/a1.pdf')).toBeNull();
    expect(await keys(store)).toEqual([]);
  });

  it('a missing file: stat is null, reading is 404, removing is no error', async () => {
    expect(await store.stat('videos/none.mp4')).toBeNull();
    await expect(store.read('videos/none.mp4')).rejects.toMatchObject({ status: 404, code: 'not_found' });
    await expect(store.remove('videos/none.mp4')).resolves.toBeUndefined();
  });

  it('refuses keys that are not storage keys (no way out of the store)', async () => {
    for (const key of ['../etc/passwd', 'docs/../../x', '/abs/path', 'docs/a b.pdf', 'docs/']) {
      await expect(store.stat(key)).rejects.toThrow(/not a storage key/);
    }
  });

  it('nothing is visible before commit; an aborted write leaves nothing, not even a partial file', async () => {
    const w = await store.writer('videos/pending.mp4');
    await w.write(randomBytes(1000));
    expect(await store.stat('videos/pending.mp4')).toBeNull();
    await w.abort();
    expect(await store.stat('videos/pending.mp4')).toBeNull();
    expect(await keys(store)).toEqual([]);
    expect(await sweepTmp(store)).toBe(0);
  });

  it('streams a file larger than one multipart part (12 MB): same bytes, ranges across part borders', async () => {
    const data = randomBytes(12 * 1024 * 1024 + 123);
    const w = await store.writer('videos/big.mp4', { maxBytes: 20 * 1024 * 1024 });
    for (let i = 0; i < data.length; i += 256 * 1024) await w.write(data.subarray(i, i + 256 * 1024));
    await w.commit();
    expect((await store.stat('videos/big.mp4'))?.size).toBe(data.length);
    expect(sha(await read(store, 'videos/big.mp4'))).toBe(sha(data));
    const border = 5 * 1024 * 1024;
    expect(
      (await read(store, 'videos/big.mp4', { start: border - 7, end: border + 8 })).equals(
        data.subarray(border - 7, border + 9),
      ),
    ).toBe(true);
    await store.remove('videos/big.mp4');
  });

  it('storeUpload: sniffs the type from the first bytes, hashes, and stores under the decided extension', async () => {
    const mp4 = await readFile(SAMPLE_MP4);
    const stored = await storeUpload({
      files: store,
      subdir: 'videos',
      stream: chunked(mp4, 1000),
      fileName: 'clip.webm',
      check: (sniffed) => (sniffed?.mime.startsWith('video/') ? sniffed.ext : null),
      allowedText: 'mp4, webm',
      maxMb: 10,
      field: 'video',
    });
    expect(stored.relPath).toMatch(/^videos\/[A-Za-z0-9_-]+\.mp4$/);
    expect(stored).toMatchObject({ size: mp4.length, sha256: sha(mp4), ext: 'mp4' });
    expect((await read(store, stored.relPath)).equals(mp4)).toBe(true);
    await store.remove(stored.relPath);
  });

  it('storeUpload: a wrong type (422) and a truncated upload (413) leave nothing stored', async () => {
    const wrong = storeUpload({
      files: store,
      subdir: 'videos',
      stream: chunked(PDF),
      fileName: 'x.mp4',
      check: (sniffed) => (sniffed?.mime.startsWith('video/') ? sniffed.ext : null),
      allowedText: 'mp4',
      maxMb: 1,
      field: 'video',
    });
    await expect(wrong).rejects.toMatchObject({ status: 422, code: 'media.type' });
    const big = Object.assign(chunked(Buffer.concat([PDF, randomBytes(50_000)])), { truncated: true });
    const tooLarge = storeUpload({
      files: store,
      subdir: 'docs',
      stream: big,
      fileName: 'x.pdf',
      check: (sniffed) => (sniffed?.ext === 'pdf' ? 'pdf' : null),
      allowedText: 'pdf',
      maxMb: 1,
      field: 'docs',
    });
    await expect(tooLarge).rejects.toMatchObject({ status: 413, code: 'media.too_large' });
    expect(await keys(store)).toEqual([]);
  });

  it('the orphan sweep removes old files no row names, keeps named ones and young ones', async () => {
    await putFile(store, 'docs/named.pdf', PDF);
    await putFile(store, 'avatars/orphan.png', PNG);
    await putFile(store, 'seminars/young.png', PNG);
    const referenced = new Set(['docs/named.pdf']);
    // "now" an hour ahead: every file is old; but young.png is named young by a short limit
    expect(
      await sweepOrphans(store, new Set([...referenced, 'seminars/young.png']), {
        olderThanMs: 0,
        now: Date.now() + 3_600_000,
      }),
    ).toBe(1);
    expect(await keys(store)).toEqual(['docs/named.pdf', 'seminars/young.png']);
    // files written within the limit stay (another instance may be between file and row)
    expect(await sweepOrphans(store, referenced, { olderThanMs: 3_600_000 })).toBe(0);
    expect(await keys(store)).toEqual(['docs/named.pdf', 'seminars/young.png']);
    await store.remove('docs/named.pdf');
    await store.remove('seminars/young.png');
  });

  describe('through the API', () => {
    let t: TestApp;
    let fx: ReturnType<typeof seminarFixtures>;
    let owner: Agent;
    let ownerId: number;
    let student: Agent;
    let studentId: number;
    let stranger: Agent;
    const upload = (
      agent: Agent,
      route: string,
      fields: Record<string, string>,
      files: Parameters<typeof multipart>[1],
    ) => {
      const f = multipart(fields, files);
      return agent.post(route, f.payload, { headers: f.headers });
    };
    beforeAll(async () => {
      t = await buildTestApp({ ...backend.appConfig(), maxDocMb: 1 });
      fx = seminarFixtures(t.app);
      const trainer = await t.make.user({ scopes: ['trainer'] });
      const s = await t.make.user();
      const other = await t.make.user();
      ownerId = trainer.id;
      studentId = s.id;
      owner = await t.loginAs(trainer.email);
      student = await t.loginAs(s.email);
      stranger = await t.loginAs(other.email);
    });
    afterAll(() => t?.close());

    it('uses the configured backend', () => {
      expect(t.app.files.kind).toBe(backend.name);
    });

    it('a video: uploaded by its trainer, streamed to a booked student with 200, 206, multipart ranges and 416; refused to a stranger', async () => {
      const s = await fx.seminar(ownerId, { bookedBy: [studentId] });
      const c = await fx.chapter(s.id);
      const mp4 = await readFile(SAMPLE_MP4);
      const res = await upload(
        owner,
        '/api/chapters/storeVideo',
        { chapter_id: String(c.id), label: 'Intro' },
        [{ field: 'video', filename: 'intro.mp4', type: 'video/mp4', data: mp4 }],
      );
      expect(res.statusCode).toBe(201);
      const video = res.json().data.video;
      const [row] = await t.app.database.db.select().from(chapterFiles).where(eq(chapterFiles.id, video.id));
      expect(await t.app.files.stat(row!.storagePath)).toMatchObject({ size: mp4.length });

      const full = await student.get(video.url);
      expect(full.statusCode).toBe(200);
      expect(full.headers['accept-ranges']).toBe('bytes');
      expect(full.headers['content-security-policy']).toContain('sandbox');
      expect(full.rawPayload.equals(mp4)).toBe(true);
      const part = await student.get(video.url, { headers: { range: 'bytes=100-199' } });
      expect(part.statusCode).toBe(206);
      expect(part.headers['content-range']).toBe(`bytes 100-199/${mp4.length}`);
      expect(part.rawPayload.equals(mp4.subarray(100, 200))).toBe(true);
      const tail = await student.get(video.url, { headers: { range: 'bytes=-10' } });
      expect(tail.rawPayload.equals(mp4.subarray(mp4.length - 10))).toBe(true);
      const multi = await student.get(video.url, { headers: { range: 'bytes=0-3,50-59' } });
      expect(multi.statusCode).toBe(206);
      expect(multi.headers['content-type']).toMatch(/^multipart\/byteranges; boundary=/);
      const body = multi.rawPayload.toString('latin1');
      expect(body).toContain(`Content-Range: bytes 0-3/${mp4.length}`);
      expect(body).toContain(mp4.subarray(50, 60).toString('latin1'));
      expect(Number(multi.headers['content-length'])).toBe(multi.rawPayload.length);
      const bad = await student.get(video.url, { headers: { range: `bytes=${mp4.length + 10}-` } });
      expect(bad.statusCode).toBe(416);
      expect(bad.headers['content-range']).toBe(`bytes */${mp4.length}`);
      expect([403, 404]).toContain((await stranger.get(video.url)).statusCode);
      expect((await t.agent().get(video.url)).statusCode).toBe(401);
    });

    it('documents: a wrong type or an oversized one stores nothing; a good one downloads; deleting the chapter removes the file', async () => {
      const s = await fx.seminar(ownerId, { bookedBy: [studentId] });
      const c = await fx.chapter(s.id);
      const before = await keys(t.app.files);
      const fake = await upload(owner, '/api/chapters/storeDocs', { chapter_id: String(c.id) }, [
        { field: 'docs', filename: 'fake.pdf', type: 'application/pdf', data: PNG },
      ]);
      expect(fake.statusCode).toBe(422);
      const big = await upload(owner, '/api/chapters/storeDocs', { chapter_id: String(c.id) }, [
        {
          field: 'docs',
          filename: 'big.pdf',
          type: 'application/pdf',
          data: Buffer.concat([PDF, randomBytes(1.5 * 1024 * 1024)]),
        },
      ]);
      expect(big.statusCode).toBe(413);
      expect(await keys(t.app.files)).toEqual(before);
      if (backend.name === 'local') expect(await readdir(path.join(t.app.uploadDir, 'tmp'))).toEqual([]);

      const ok = await upload(owner, '/api/chapters/storeDocs', { chapter_id: String(c.id) }, [
        { field: 'docs', filename: 'Skript.pdf', type: 'application/pdf', data: PDF },
      ]);
      expect(ok.statusCode).toBe(201);
      const dl = await student.get(ok.json().data.uploads[0].url);
      expect(dl.statusCode).toBe(200);
      expect(dl.headers['content-disposition']).toMatch(/^attachment; filename="Skript.pdf"/);
      expect(dl.rawPayload.equals(PDF)).toBe(true);
      const [row] = await t.app.database.db
        .select()
        .from(chapterFiles)
        .where(eq(chapterFiles.chapterId, c.id));
      expect(await t.app.files.stat(row!.storagePath)).not.toBeNull();
      expect((await owner.delete(`/api/chapters/${c.id}/delete`)).statusCode).toBe(204);
      expect(await t.app.files.stat(row!.storagePath)).toBeNull();
    });

    it('a seminar image and an avatar are stored, served and replaced (the old file goes)', async () => {
      const f = multipart(
        { title: `Bild ${backend.name}`, description: '<p>x</p>', price: '0', is_public: '1' },
        [{ field: 'image', filename: 'bild.png', type: 'image/png', data: PNG }],
      );
      const res = await owner.post('/api/seminars', f.payload, { headers: f.headers });
      expect(res.statusCode).toBe(201);
      const img = await owner.get(res.json().image_url);
      expect(img.statusCode).toBe(200);
      expect(img.rawPayload.equals(PNG)).toBe(true);

      const me = (await student.get('/api/user')).json();
      const form = (data: Buffer) =>
        multipart({ first_name: 'Ava', last_name: 'Tar', username: me.username, email: me.email }, [
          { field: 'avatar', filename: 'me.png', type: 'image/png', data },
        ]);
      const first = form(PNG);
      const a1 = await student.post('/api/user/update', first.payload, { headers: first.headers });
      expect(a1.statusCode).toBe(200);
      const avatar = await student.get(a1.json().avatar_url);
      expect(avatar.statusCode).toBe(200);
      expect(avatar.headers['content-type']).toBe('image/png');
      expect(avatar.rawPayload.equals(PNG)).toBe(true);
      const avatarsBefore = (await keys(t.app.files)).filter((k) => k.startsWith('avatars/'));
      const second = form(PNG);
      expect(
        (await student.post('/api/user/update', second.payload, { headers: second.headers })).statusCode,
      ).toBe(200);
      const avatarsAfter = (await keys(t.app.files)).filter((k) => k.startsWith('avatars/'));
      expect(avatarsAfter).toHaveLength(avatarsBefore.length);
      expect(avatarsAfter).not.toEqual(avatarsBefore);
    });

    it('a file that is gone from the store answers 404, not 500', async () => {
      const s = await fx.seminar(ownerId, { bookedBy: [studentId] });
      const c = await fx.chapter(s.id);
      const doc = await fx.doc(c.id);
      await t.app.files.remove(doc.storagePath);
      const res = await student.get(`/api/chapters/doc/${doc.id}/download`);
      expect(res.statusCode).toBe(404);
    });
  });
});

describe('file store configuration', () => {
  it('a missing bucket fails the start with a message naming it', async () => {
    await expect(openFileStore({ ...s3.settings('no-such-bucket') }, '')).rejects.toThrow(
      /S3_BUCKET: the bucket no-such-bucket at http:\/\/127\.0\.0\.1:\d+ does not exist/,
    );
  });

  it('a server process with a missing bucket does not start: exit 78 and the message, no stack trace', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'elearn-store-'));
    tmpDirs.push(dataDir);
    const started = startServerProcess({ DATA_DIR: dataDir, DEMO_DATA: '0', ...s3.env('no-such-bucket') });
    await expect(started).rejects.toThrow(
      /exited early \(78\):[\s\S]*S3_BUCKET: the bucket no-such-bucket at/,
    );
    await expect(started).rejects.not.toThrow(/ at .*\.ts:\d+/);
  });

  it('credentials the store refuses (an unknown access key) fail the start with a message saying so', async () => {
    await expect(
      openFileStore(
        {
          ...s3.settings('elearn-shared'),
          credentials: { accessKeyId: 'UNKNOWNKEY', secretAccessKey: 'S3RVER' },
        },
        '',
      ),
    ).rejects.toThrow(/S3_BUCKET: the bucket elearn-shared at .* refuses these credentials/);
  });

  it('an unreachable store is 503 service_unavailable for the request, not a crash', async () => {
    const store = await openFileStore(s3.settings('elearn-shared'), '');
    const dead = { ...s3.settings('elearn-shared'), endpoint: 'http://127.0.0.1:9' };
    const { s3FileStore } = await import('./s3-file-store.ts');
    const gone = await s3FileStore(dead);
    await expect(gone.stat('docs/x.pdf')).rejects.toMatchObject({ status: 503, code: 'service_unavailable' });
    await expect(putFile(gone, 'docs/x.pdf', PDF)).rejects.toMatchObject({ status: 503 });
    await gone.close();
    await store.close();
  });

  it('a streamed upload to a store that does not answer holds at most a few parts in memory (back-pressure)', async () => {
    // a "store" that accepts connections and never answers: the upload cannot make progress
    const sockets = new Set<Socket>();
    const hole = createServer((sock) => {
      sockets.add(sock);
      sock.on('error', () => {});
    });
    await new Promise<void>((resolve) => hole.listen(0, '127.0.0.1', resolve));
    const { port } = hole.address() as AddressInfo;
    const { s3FileStore, partSizeFor } = await import('./s3-file-store.ts');
    const store = await s3FileStore({
      ...s3.settings('elearn-shared'),
      endpoint: `http://127.0.0.1:${port}`,
    });
    const w = await store.writer('videos/stuck.mp4', { maxBytes: 2048 * 1024 * 1024 });
    const chunk = Buffer.alloc(256 * 1024, 7);
    let accepted = 0;
    // write until a write has waited for 500 ms (or 200 MB went in, which would be a failure)
    while (accepted < 200 * 1024 * 1024) {
      const wrote = await Promise.race([
        w.write(chunk).then(() => true),
        new Promise<false>((resolve) => setTimeout(() => resolve(false), 500)),
      ]);
      if (!wrote) break;
      accepted += chunk.length;
    }
    // two parts in flight, one read ahead, the stream's 1 MiB buffer
    expect(accepted).toBeLessThanOrEqual(3 * partSizeFor(2048 * 1024 * 1024) + 2 * 1024 * 1024);
    expect(accepted).toBeGreaterThan(0);
    await w.abort();
    await store.close();
    for (const sock of sockets) sock.destroy();
    await new Promise((resolve) => hole.close(resolve));
  });

  it('the API answers 503 service_unavailable (never 500) while the bucket is away', async () => {
    const own = await startTestS3(['elearn-away']);
    const t = await buildTestApp({ s3: own.settings('elearn-away') });
    try {
      const fx = seminarFixtures(t.app);
      const trainer = await t.make.user({ scopes: ['trainer'] });
      const owner = await t.loginAs(trainer.email);
      const s = await fx.seminar(trainer.id);
      const c = await fx.chapter(s.id);
      const doc = await fx.doc(c.id);
      await own.close();
      const f = multipart({ chapter_id: String(c.id) }, [
        { field: 'docs', filename: 'a.pdf', type: 'application/pdf', data: PDF },
      ]);
      const up = await owner.post('/api/chapters/storeDocs', f.payload, { headers: f.headers });
      expect(up.statusCode).toBe(503);
      expect(up.json().code).toBe('service_unavailable');
      expect(up.headers['retry-after']).toBe('5');
      const dl = await owner.get(`/api/chapters/doc/${doc.id}/download`);
      expect(dl.statusCode).toBe(503);
      // the row of the failed upload was never written
      expect(
        await t.app.database.db.select().from(chapterFiles).where(eq(chapterFiles.chapterId, c.id)),
      ).toHaveLength(1);
    } finally {
      await t.close();
    }
  });

  it('the local store is the default and keeps its files under the upload directory', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'elearn-store-'));
    tmpDirs.push(dir);
    const store = localFileStore(dir);
    await putFile(store, 'docs/d.pdf', PDF);
    expect((await readFile(path.join(dir, 'docs', 'd.pdf'))).equals(PDF)).toBe(true);
    expect(await readdir(path.join(dir, 'tmp'))).toEqual([]);
  });
});
