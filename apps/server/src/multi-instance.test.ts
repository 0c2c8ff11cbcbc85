import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchPostgres, type Database, openDatabase } from './db/client.ts';
import { chapterFiles, chapters, seminars, users } from './db/schema/index.ts';
import { openFileStore } from './lib/open-file-store.ts';
import { hashPassword } from './lib/passwords.ts';
import { SAMPLE_MP4 } from './test/fixtures.ts';
import { startTestS3, type TestS3 } from './test/s3-server.ts';
import { startServerProcess } from './test/server-process.ts';

const PG = process.env.TEST_DATABASE_URL;
const REDIS = process.env.TEST_REDIS_URL;
const PASSWORD = 'Multi-Instance-1';

/** A browser: one cookie jar, whichever instance the proxy picks for a request. */
function browser() {
  const jar = new Map<string, string>();
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  async function send(
    base: string,
    method: string,
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) {
    const init: RequestInit & { headers: Record<string, string> } = {
      method,
      headers: { cookie: cookie(), accept: 'application/json', ...headers },
    };
    if (method !== 'GET') {
      if (!jar.has('XSRF-TOKEN')) await send(base, 'GET', '/sanctum/csrf-cookie');
      init.headers.cookie = cookie();
      init.headers['x-xsrf-token'] = decodeURIComponent(jar.get('XSRF-TOKEN') ?? '');
    }
    if (body instanceof FormData) init.body = body;
    else if (body !== undefined) {
      init.headers['content-type'] = 'application/json';
      init.body = JSON.stringify(body);
    }
    const res = await fetch(base + url, init);
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const i = pair.indexOf('=');
      const value = pair.slice(i + 1);
      if (value) jar.set(pair.slice(0, i), value);
      else jar.delete(pair.slice(0, i));
    }
    return res;
  }
  return {
    get: (base: string, url: string, headers?: Record<string, string>) =>
      send(base, 'GET', url, undefined, headers),
    post: (base: string, url: string, body?: unknown) => send(base, 'POST', url, body),
    patch: (base: string, url: string, body?: unknown) => send(base, 'PATCH', url, body),
  };
}

/**
 * Two server processes on one PostgreSQL, one Redis and one S3-compatible bucket (s3rver, started
 * here), each with a data directory of its own, as behind a load balancer (issue 15): whatever
 * one instance does, the other sees at the next request.
 */
describe.runIf(PG && REDIS)('two instances on one PostgreSQL and Redis', () => {
  let scratch: Awaited<ReturnType<typeof createScratchPostgres>>;
  let dataDir: string;
  let dataDirB: string;
  let s3: TestS3;
  let a: Awaited<ReturnType<typeof startServerProcess>>;
  let b: Awaited<ReturnType<typeof startServerProcess>>;
  let database: Database;
  const ids: Record<'admin' | 'trainer' | 'student', { id: number; email: string }> = {} as never;
  beforeAll(async () => {
    scratch = await createScratchPostgres(PG!);
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'elearn-multi-'));
    dataDirB = await mkdtemp(path.join(os.tmpdir(), 'elearn-multi-b-'));
    s3 = await startTestS3(['elearn-multi']);
    const env = {
      DATABASE_URL: scratch.url,
      REDIS_URL: REDIS!,
      // a run's own keys: counters left in a shared Redis by earlier runs must not throttle this one
      REDIS_KEY_PREFIX: `elearn-test-${process.pid}-${Date.now().toString(36)}:`,
      DEMO_DATA: '0',
      // no shared directory: the uploads are in the bucket
      ...s3.env('elearn-multi'),
    };
    // both start at once: one migrates, the other waits for it
    [a, b] = await Promise.all([
      startServerProcess({ ...env, DATA_DIR: dataDir }),
      startServerProcess({ ...env, DATA_DIR: dataDirB }),
    ]);
    database = await openDatabase({ databaseUrl: scratch.url, dataDir });
    const hash = await hashPassword(PASSWORD);
    const tag = Date.now().toString(36);
    for (const [role, scopes] of [
      ['admin', ['admin']],
      ['trainer', ['trainer']],
      ['student', []],
    ] as const) {
      const email = `${role}-${tag}@example.test`;
      const [u] = await database.db
        .insert(users)
        .values({
          username: `${role}${tag}`,
          email,
          firstName: role,
          lastName: 'Multi',
          passwordHash: hash,
          scopes: [...scopes],
          emailVerifiedAt: new Date(),
        })
        .returning();
      ids[role] = { id: u!.id, email };
    }
  }, 300_000);
  afterAll(async () => {
    for (const s of [a, b]) if (s && s.child.exitCode === null) s.child.kill('SIGKILL');
    await database?.close();
    await scratch?.drop().catch(() => undefined);
    await s3?.close();
    await rm(dataDir, { recursive: true, force: true });
    await rm(dataDirB, { recursive: true, force: true });
  });

  const login = async (role: keyof typeof ids, base: string) => {
    const br = browser();
    const res = await br.post(base, '/api/login', { email: ids[role].email, password: PASSWORD });
    expect(res.status).toBe(200);
    return br;
  };

  it('logs in on A and works on B', async () => {
    const trainer = await login('trainer', a.base);
    const me = await trainer.get(b.base, '/api/user');
    expect(me.status).toBe(200);
    expect(((await me.json()) as { email: string }).email).toBe(ids.trainer.email);
  });

  it('uploads a video on A and streams a range of it from B; reorders on A and reads the order on B', async () => {
    const trainer = await login('trainer', a.base);
    const [seminar] = await database.db
      .insert(seminars)
      .values({
        slug: `multi-${Date.now()}`,
        title: 'Multi',
        description: '<p>x</p>',
        ownerId: ids.trainer.id,
        currency: 'CHF',
      })
      .returning();
    const [one] = await database.db
      .insert(chapters)
      .values({ seminarId: seminar!.id, label: 'one', position: 0, unlocked: 1 })
      .returning();
    const [two] = await database.db
      .insert(chapters)
      .values({ seminarId: seminar!.id, label: 'two', position: 1, unlocked: 1 })
      .returning();

    const video = await readFile(SAMPLE_MP4);
    const form = new FormData();
    form.set('chapter_id', String(one!.id));
    form.set('video', new Blob([video], { type: 'video/mp4' }), 'clip.mp4');
    const up = await trainer.post(a.base, '/api/chapters/storeVideo', form);
    expect(up.status).toBe(201);
    const stored = ((await up.json()) as { data: { video: { id: number } } }).data.video;
    const range = await trainer.get(b.base, `/api/chapters/video/${stored.id}/stream`, {
      range: 'bytes=100-199',
    });
    expect(range.status).toBe(206);
    expect(range.headers.get('content-range')).toBe(`bytes 100-199/${video.length}`);
    expect(Buffer.from(await range.arrayBuffer())).toEqual(video.subarray(100, 200));
    // the file is in the bucket, in neither instance's data directory
    const [row] = await database.db.select().from(chapterFiles).where(eq(chapterFiles.id, stored.id));
    const bucket = await openFileStore(s3.settings('elearn-multi'), '');
    expect(await bucket.stat(row!.storagePath)).toMatchObject({ size: video.length });
    await bucket.close();
    for (const dir of [dataDir, dataDirB])
      expect(await readdir(path.join(dir, 'uploads')).catch(() => [])).toEqual([]);

    const labels = async () =>
      (
        (await (await trainer.get(b.base, `/api/chapters/seminar/${seminar!.id}`)).json()) as {
          label: string;
        }[]
      ).map((c) => c.label);
    expect(await labels()).toEqual(['one', 'two']); // cached on B now
    const re = await trainer.patch(a.base, '/api/chapters/reorder', {
      seminar_id: seminar!.id,
      order: [
        { id: two!.id, chapter_id: null, position: 0 },
        { id: one!.id, chapter_id: null, position: 1 },
      ],
    });
    expect(re.status).toBe(200);
    expect(await labels()).toEqual(['two', 'one']);
  });

  it('disables a user on B: their session on A ends at once', async () => {
    const student = await login('student', a.base);
    expect((await student.get(a.base, '/api/user')).status).toBe(200);
    const admin = await login('admin', b.base);
    expect((await admin.post(b.base, `/api/admin/users/${ids.student.id}/disable`)).status).toBe(200);
    expect((await student.get(a.base, '/api/user')).status).toBe(401);
    await database.db.update(users).set({ disabledAt: null }).where(eq(users.id, ids.student.id));
  });

  it('counts the login throttle across both instances', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const res = await browser().post(i % 2 ? b.base : a.base, '/api/login', {
        email: ids.student.email,
        password: 'Wrong-Password-1',
      });
      statuses.push(res.status);
    }
    // five wrong tries per e-mail and address, wherever they land; then 429 on both
    expect(statuses.slice(0, 5).every((s) => s === 422 || s === 401)).toBe(true);
    expect(statuses.slice(5)).toEqual([429, 429, 429]);
  });

  it('keeps answering on B while A is killed under load; no acknowledged write is lost', async () => {
    const acknowledged: string[] = [];
    const fromB: number[] = [];
    // Redis outlives this test: the registration limit per address counts every earlier run of
    // the hour, so this run registers from an address of its own (a loopback one, in a header)
    let n = 0;
    let stop = false;
    const worker = async (w: number) => {
      while (!stop) {
        const base = n % 2 ? b.base : a.base;
        const email = `load-${w}-${n++}-${Date.now().toString(36)}@example.test`;
        const res = await browser()
          .post(base, '/api/register', {
            username: email.replace(/\W/g, '').slice(0, 30),
            email,
            first_name: 'L',
            last_name: 'Oad',
            password: PASSWORD,
            password_confirmation: PASSWORD,
          })
          .catch(() => null); // A's sockets die with it
        if (base === b.base) fromB.push(res ? res.status : 0);
        if (res?.status === 201) acknowledged.push(email);
      }
    };
    const workers = [0, 1, 2, 3].map(worker);
    await new Promise((r) => setTimeout(r, 1500));
    a.child.kill('SIGKILL');
    await a.exited;
    await new Promise((r) => setTimeout(r, 1500));
    stop = true;
    await Promise.all(workers);
    expect(fromB.length).toBeGreaterThan(5);
    expect(fromB.filter((s) => s >= 500 || s === 0)).toEqual([]);
    expect(acknowledged.length).toBeGreaterThan(5);
    const stored = await database.db.select({ email: users.email }).from(users);
    const emails = new Set(stored.map((u) => u.email));
    expect(acknowledged.filter((e) => !emails.has(e))).toEqual([]);
  }, 60_000);
});
