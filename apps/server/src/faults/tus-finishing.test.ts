import type { ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { access, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TUS_PATH } from '../modules/chapters/chapter-uploads.ts';
import { buildTestApp, TEST_PASSWORD, type TestApp } from '../test/build-test-app.ts';
import { SAMPLE_WEBM, seminarFixtures } from '../test/fixtures.ts';
import { type OwnPostgres, postgresBinDir, startOwnPostgres } from '../test/own-postgres.ts';
import { startTestS3, type TestS3 } from '../test/s3-server.ts';
import { httpClient, startServerProcess } from '../test/server-process.ts';

const bin = postgresBinDir();
const MiB = 1024 * 1024;
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const b64 = (s: string) => Buffer.from(s).toString('base64');

type Server = Awaited<ReturnType<typeof startServerProcess>>;

/**
 * Issue 32 item 2: a tus upload whose finishing (type check, move into the file store, media row)
 * is cut short by a shutdown or a kill -9 can still be finished. Real server processes on a
 * PostgreSQL cluster of the test's own (the test holds a lock on chapter_files to stop a
 * finishing exactly before its row), uploads on the local disk and in an S3-compatible bucket.
 */
describe.skipIf(!bin)(
  `tus uploads cut while finishing${bin ? '' : ' (skipped: no PostgreSQL in /usr/lib/postgresql)'}`,
  () => {
    let cluster: OwnPostgres;
    let t: TestApp;
    let s3: TestS3;
    let dataDir: string;
    let chapterId: number;
    let email: string;
    const running: ChildProcess[] = [];

    beforeAll(async () => {
      cluster = await startOwnPostgres();
      s3 = await startTestS3(['elearn-cut']);
      dataDir = await mkdtemp(path.join(os.tmpdir(), 'elearn-tus-cut-'));
      // the fixtures, written through the app on the same database the server processes use
      t = await buildTestApp({ databaseUrl: cluster.url });
      const trainer = await t.make.user({ scopes: ['trainer'] });
      email = trainer.email;
      const fx = seminarFixtures(t.app);
      chapterId = (await fx.chapter((await fx.seminar(trainer.id)).id)).id;
    }, 90_000);
    afterEach(() => {
      for (const c of running.splice(0)) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
    });
    afterAll(async () => {
      await t?.close();
      await s3?.close();
      await cluster?.stop();
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    }, 60_000);

    const start = async (env: Record<string, string> = {}) => {
      const server = await startServerProcess({
        DATABASE_URL: cluster.url,
        DATA_DIR: dataDir,
        DEMO_DATA: '0',
        RATE_LIMIT_FACTOR: '100',
        MAX_VIDEO_MB: '64',
        ...env,
      });
      running.push(server.child);
      return server;
    };

    /** a logged-in trainer on `server`: the headers of its tus requests */
    const login = async (server: Server) => {
      const client = httpClient(server.base);
      const res = await client.post('/api/login', { email, password: TEST_PASSWORD });
      expect(res.status).toBe(200);
      return { cookie: client.cookieHeader(), 'x-xsrf-token': client.xsrf(), 'tus-resumable': '1.0.0' };
    };

    const createUpload = async (server: Server, headers: Record<string, string>, length: number) => {
      const res = await fetch(`${server.base}${TUS_PATH}`, {
        method: 'POST',
        headers: {
          ...headers,
          'upload-length': String(length),
          'upload-metadata': `chapter_id ${b64(String(chapterId))},filename ${b64('cut.webm')}`,
        },
      });
      expect(res.status).toBe(201);
      return res.headers.get('location')!;
    };

    /** a PATCH on a socket of its own; `cut` ends it (the client goes away without its answer) */
    const sendPiece = (
      server: Server,
      headers: Record<string, string>,
      location: string,
      offset: number,
      body: Buffer,
    ) => {
      const req = httpRequest(`${server.base}${location}`, {
        method: 'PATCH',
        headers: {
          ...headers,
          'upload-offset': String(offset),
          'content-type': 'application/offset+octet-stream',
          'content-length': String(body.length),
        },
      });
      const answered = new Promise<number>((resolve) => {
        req.on('response', (r) => {
          r.resume();
          resolve(r.statusCode ?? 0);
        });
        req.on('error', () => resolve(0));
      });
      req.end(body);
      return { answered, cut: () => req.destroy() };
    };

    const rowsWithSha = async (hash: string) =>
      t.app.database.db.query.chapterFiles.findMany({ where: (f, { eq }) => eq(f.sha256, hash) });

    const videoFile = async (size: number) => {
      const webm = await readFile(SAMPLE_WEBM);
      return Buffer.concat([webm, randomBytes(size - webm.length)]);
    };

    /** holds ACCESS to chapter_files' inserts until `release`: a finishing stops right before its row */
    const holdInserts = async () => {
      const admin = new pg.Client({ connectionString: cluster.url });
      await admin.connect();
      await admin.query('BEGIN');
      await admin.query('LOCK TABLE chapter_files IN EXCLUSIVE MODE');
      return {
        /** until a backend waits for the lock with its INSERT */
        async insertWaiting() {
          const deadline = Date.now() + 30_000;
          for (;;) {
            // the statistics of a transaction are a snapshot: a fresh one for each look
            await admin.query('SELECT pg_stat_clear_snapshot()');
            const { rows } = await admin.query(
              `SELECT count(*)::int AS n FROM pg_stat_activity
              WHERE wait_event_type = 'Lock' AND query ILIKE 'insert into "chapter_files"%'`,
            );
            if (rows[0].n > 0) return;
            if (Date.now() > deadline) throw new Error('no finishing reached its insert');
            await new Promise((r) => setTimeout(r, 20));
          }
        },
        async release() {
          await admin.query('ROLLBACK');
          await admin.end();
        },
      };
    };

    it('SIGTERM while the last piece is sent, the client gone without its answer: the drain finishes the upload before exit, or a HEAD after the restart does, once', async () => {
      const server = await start();
      const headers = await login(server);
      const file = await videoFile(24 * MiB);
      const location = await createUpload(server, headers, file.length);
      const half = 12 * MiB;
      expect(await sendPiece(server, headers, location, 0, file.subarray(0, half)).answered).toBe(204);
      const data = path.join(dataDir, 'uploads', 'tus', location.split('/').pop()!);
      const last = sendPiece(server, headers, location, half, file.subarray(half));
      // the last byte is on the disk: the server is finishing now; the shutdown and the client's
      // departure come together
      for (;;) {
        const size = (await stat(data).catch(() => null))?.size ?? 0;
        if (size === file.length) break;
        await new Promise((r) => setTimeout(r, 2));
      }
      server.child.kill('SIGTERM');
      last.cut();
      expect(await server.exited).toBe(0);
      // the drain finishes a finishing under way; when the signal came before the server began
      // finishing (a loaded machine), the upload is whole and a HEAD after the restart finishes it
      let rows = await rowsWithSha(sha(file));
      if (rows.length === 0) {
        const again = await start();
        const h = await fetch(`${again.base}${location}`, { method: 'HEAD', headers: await login(again) });
        expect(h.status).toBe(200);
        expect(h.headers.get('upload-offset')).toBe(String(file.length));
        rows = await rowsWithSha(sha(file));
        expect(rows.map((r) => r.id)).toEqual([Number(h.headers.get('upload-media-id'))]);
        again.child.kill('SIGTERM');
        expect(await again.exited).toBe(0);
      }
      expect(rows).toHaveLength(1);
      expect(rows[0]!.size).toBe(file.length);
      expect(await readFile(path.join(dataDir, 'uploads', rows[0]!.storagePath)).then(sha)).toBe(sha(file));
    }, 180_000);

    it('kill -9 while finishing on the local disk: after the restart HEAD finishes the upload, once', async () => {
      const server = await start();
      const headers = await login(server);
      const file = await videoFile(3 * MiB);
      const location = await createUpload(server, headers, file.length);
      const hold = await holdInserts();
      try {
        sendPiece(server, headers, location, 0, file);
        await hold.insertWaiting();
        server.child.kill('SIGKILL');
        await server.exited;
      } finally {
        await hold.release();
      }
      // the upload is whole: its data file and its info are still there
      const id = location.split('/').pop()!;
      await access(path.join(dataDir, 'uploads', 'tus', id));
      await access(path.join(dataDir, 'uploads', 'tus', `${id}.json`));

      const again = await start();
      const h = await fetch(`${again.base}${location}`, { method: 'HEAD', headers: await login(again) });
      expect(h.status).toBe(200);
      expect(h.headers.get('upload-offset')).toBe(String(file.length));
      const mediaId = Number(h.headers.get('upload-media-id'));
      expect(mediaId).toBeGreaterThan(0);
      const rows = await rowsWithSha(sha(file));
      expect(rows.map((r) => r.id)).toEqual([mediaId]);
      expect(await readFile(path.join(dataDir, 'uploads', rows[0]!.storagePath)).then(sha)).toBe(sha(file));
      again.child.kill('SIGTERM');
      expect(await again.exited).toBe(0);
    }, 180_000);

    it('kill -9 while finishing in a bucket: after the restart an empty PATCH at the full offset finishes it, once', async () => {
      const env = { ...s3.env('elearn-cut'), S3_PREFIX: 'cut/' };
      const server = await start(env);
      const headers = await login(server);
      const file = await videoFile(3 * MiB);
      const location = await createUpload(server, headers, file.length);
      const hold = await holdInserts();
      try {
        sendPiece(server, headers, location, 0, file);
        await hold.insertWaiting();
        server.child.kill('SIGKILL');
        await server.exited;
      } finally {
        await hold.release();
      }

      const again = await start(env);
      const againHeaders = await login(again);
      // the bytes are all there (the multipart upload completed): no 503 (NoSuchUpload) any more
      const done = await fetch(`${again.base}${location}`, {
        method: 'PATCH',
        headers: {
          ...againHeaders,
          'upload-offset': String(file.length),
          'content-type': 'application/offset+octet-stream',
        },
        body: new Uint8Array(0),
      });
      expect(done.status).toBe(204);
      const mediaId = Number(done.headers.get('upload-media-id'));
      expect(mediaId).toBeGreaterThan(0);
      expect(
        (await fetch(`${again.base}${location}`, { method: 'HEAD', headers: againHeaders })).status,
      ).toBe(404);
      const rows = await rowsWithSha(sha(file));
      expect(rows.map((r) => r.id)).toEqual([mediaId]);
      again.child.kill('SIGTERM');
      expect(await again.exited).toBe(0);
    }, 180_000);
  },
);
