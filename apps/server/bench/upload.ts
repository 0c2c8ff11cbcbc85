/**
 * `BENCH_ONLY=upload` (issue 18): a 500 MB video through the resumable tus route
 * (`/api/chapters/uploads`, 16 MiB PATCH requests as the web client sends them) and through the
 * single multipart request (`/api/chapters/storeVideo`), on the compiled server with the local
 * disk. Prints the throughput of each and their ratio, and the server's resident memory sampled
 * every 100 ms during each upload (it must stay flat: nothing is held in memory).
 * `BENCH_UPLOAD_MB` changes the size.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/db/client.ts';
import { chapters, seminars, users } from '../src/db/schema/index.ts';
import { hashPassword } from '../src/lib/passwords.ts';
import { httpClient, startServerProcess } from '../src/test/server-process.ts';
import { rssMb } from './support.ts';

const MiB = 1024 * 1024;
const SIZE_MB = Number(process.env.BENCH_UPLOAD_MB ?? 500);
const CHUNK = 16 * MiB;
/** growth of the server's RSS during an upload above its level before, in MB, that fails */
const RSS_GROWTH_LIMIT_MB = 100;
const SAMPLE_WEBM = path.join(import.meta.dirname, '..', '..', 'web', 'public', 'media', 'sample.webm');

/** samples the RSS every 100 ms until stopped: [before, peak] */
function sampleRss(pid: number) {
  const samples: number[] = [];
  let stop = false;
  const done = (async () => {
    while (!stop) {
      samples.push(await rssMb(pid));
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  return async () => {
    stop = true;
    await done;
    return { before: samples[0] ?? 0, peak: Math.max(...samples), samples: samples.length };
  };
}

/** a WebM header (so the content check accepts it) followed by pseudo-random bytes */
async function makeFile(file: string, sizeMb: number) {
  const head = await readFile(SAMPLE_WEBM);
  const block = Buffer.alloc(MiB);
  for (let i = 0; i < block.length; i += 4) block.writeUInt32LE((Math.random() * 2 ** 32) >>> 0, i);
  async function* body() {
    yield head;
    let left = sizeMb * MiB - head.length;
    let n = 0;
    while (left > 0) {
      const b = Buffer.from(block);
      b.writeUInt32LE(n++, 0); // no two blocks alike
      yield left >= b.length ? b : b.subarray(0, left);
      left -= b.length;
    }
  }
  await pipeline(Readable.from(body()), createWriteStream(file));
}

function send(
  base: string,
  opts: { method: string; path: string; headers: Record<string, string | number>; body: Readable | Buffer },
): Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }> {
  const url = new URL(opts.path, base);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: url.hostname, port: url.port, path: url.pathname, method: opts.method, headers: opts.headers },
      (res) => {
        const parts: Buffer[] = [];
        res.on('data', (c: Buffer) => parts.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            text: Buffer.concat(parts).toString(),
          }),
        );
      },
    );
    req.on('error', reject);
    if (Buffer.isBuffer(opts.body)) req.end(opts.body);
    else opts.body.pipe(req);
  });
}

export async function runUploadBench(): Promise<boolean> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'elearn-bench-upload-'));
  const file = path.join(dataDir, 'big.webm');
  try {
    const database = await openDatabase({ dataDir });
    await database.migrate();
    const password = 'Bench-Passw0rd';
    const [trainer] = await database.db
      .insert(users)
      .values({
        username: 'benchtrainer',
        email: 'bench-trainer@example.test',
        firstName: 'Bench',
        lastName: 'Trainer',
        passwordHash: await hashPassword(password),
        scopes: ['trainer'],
        emailVerifiedAt: new Date(),
      })
      .returning();
    const [seminar] = await database.db
      .insert(seminars)
      .values({ slug: 'bench-upload', title: 'Bench upload', currency: 'CHF', ownerId: trainer!.id })
      .returning();
    const [chapter] = await database.db
      .insert(chapters)
      .values({ seminarId: seminar!.id, label: 'Upload', position: 0 })
      .returning();
    await database.db.execute(sql`SELECT 1`);
    await database.close();
    await makeFile(file, SIZE_MB);
    const size = (await stat(file)).size;

    const entry = path.join(import.meta.dirname, '..', 'dist', 'main.js');
    const server = await startServerProcess(
      {
        DATA_DIR: dataDir,
        DEMO_DATA: '0',
        RATE_LIMIT_FACTOR: '100000',
        NODE_ENV: 'production',
        SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-00',
        APP_URL: 'http://localhost:3000',
        MAX_VIDEO_MB: String(SIZE_MB + 10),
      },
      (await stat(entry).catch(() => null)) ? entry : undefined,
    );
    const pid = server.child.pid!;
    try {
      const client = httpClient(server.base);
      const login = await client.post('/api/login', { email: 'bench-trainer@example.test', password });
      if (login.status !== 200) throw new Error(`login failed: ${login.status}`);
      const auth = {
        cookie: client.cookieHeader(),
        'x-xsrf-token': client.xsrf(),
        accept: 'application/json',
      };
      const idle = await rssMb(pid);

      // the single multipart request
      const boundary = `----bench${Date.now()}`;
      const pre = Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="chapter_id"\r\n\r\n${chapter!.id}\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="video"; filename="big.webm"\r\nContent-Type: video/webm\r\n\r\n`,
      );
      const post = Buffer.from(`\r\n--${boundary}--\r\n`);
      async function* multipartBody() {
        yield pre;
        for await (const c of createReadStream(file, { highWaterMark: MiB })) yield c as Buffer;
        yield post;
      }
      let stopRss = sampleRss(pid);
      let t0 = performance.now();
      const single = await send(server.base, {
        method: 'POST',
        path: '/api/chapters/storeVideo',
        headers: {
          ...auth,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': pre.length + size + post.length,
        },
        body: Readable.from(multipartBody()),
      });
      const multipartSeconds = (performance.now() - t0) / 1000;
      const multipartRss = await stopRss();
      if (single.status !== 201) throw new Error(`multipart upload: ${single.status} ${single.text}`);

      // tus: create, then PATCH 16 MiB at a time (the last one moves the file into the store)
      stopRss = sampleRss(pid);
      t0 = performance.now();
      const meta = `chapter_id ${Buffer.from(String(chapter!.id)).toString('base64')},filename ${Buffer.from('big.webm').toString('base64')}`;
      const created = await send(server.base, {
        method: 'POST',
        path: '/api/chapters/uploads',
        headers: { ...auth, 'tus-resumable': '1.0.0', 'upload-length': size, 'upload-metadata': meta },
        body: Buffer.alloc(0),
      });
      if (created.status !== 201) throw new Error(`tus create: ${created.status} ${created.text}`);
      const location = String(created.headers.location);
      let offset = 0;
      let last = created;
      while (offset < size) {
        const end = Math.min(size, offset + CHUNK);
        last = await send(server.base, {
          method: 'PATCH',
          path: location,
          headers: {
            ...auth,
            'tus-resumable': '1.0.0',
            'upload-offset': offset,
            'content-type': 'application/offset+octet-stream',
            'content-length': end - offset,
          },
          body: createReadStream(file, { start: offset, end: end - 1, highWaterMark: MiB }),
        });
        if (last.status !== 204) throw new Error(`tus PATCH at ${offset}: ${last.status} ${last.text}`);
        offset = Number(last.headers['upload-offset']);
      }
      const tusSeconds = (performance.now() - t0) / 1000;
      const tusRss = await stopRss();
      if (!last.headers['upload-media-id']) throw new Error('tus: no media id at the end');

      const mb = size / 1_000_000;
      const rate = (s: number) => (mb / s).toFixed(0);
      const ratio = multipartSeconds / tusSeconds;
      console.log(`\n## Upload of ${SIZE_MB} MiB (local disk, compiled server)`);
      console.log('| route | seconds | MB/s | RSS before → peak (MB) | samples |');
      console.log('| --- | ---: | ---: | --- | ---: |');
      console.log(
        `| multipart POST /api/chapters/storeVideo | ${multipartSeconds.toFixed(1)} | ${rate(multipartSeconds)} | ${multipartRss.before} → ${multipartRss.peak} | ${multipartRss.samples} |`,
      );
      console.log(
        `| tus /api/chapters/uploads (16 MiB PATCHes) | ${tusSeconds.toFixed(1)} | ${rate(tusSeconds)} | ${tusRss.before} → ${tusRss.peak} | ${tusRss.samples} |`,
      );
      console.log(`throughput tus / multipart: ${ratio.toFixed(2)} (server RSS idle ${idle} MB)`);
      const flat = [multipartRss, tusRss].every(
        (r) => r.peak - Math.max(idle, r.before) < RSS_GROWTH_LIMIT_MB,
      );
      console.log(
        `server memory flat during the uploads (growth < ${RSS_GROWTH_LIMIT_MB} MB): ${flat ? 'yes' : 'NO'}`,
      );
      return flat;
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
