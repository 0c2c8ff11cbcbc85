import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chapterFiles } from '../db/schema/index.ts';
import { usersRepository } from '../modules/users/users.repository.ts';
import { type Agent, buildTestApp, multipart, type TestApp } from '../test/build-test-app.ts';
import { PDF, PNG, seminarFixtures } from '../test/fixtures.ts';
import { canMount, mountSmallFs, unmount } from '../test/small-fs.ts';

const root = await mkdtemp(path.join(os.tmpdir(), 'elearn-disk-'));
const mountable = await canMount(path.join(root, 'probe'));

/**
 * A full disk under the uploads and the mail files: a small tmpfs mounted by the test (root), the
 * database on the ordinary disk. An upload that fills the disk answers 507 `storage_full`, leaves
 * no partial file and the server keeps serving; a verification mail that could not be written is
 * written by a retry of its job.
 */
describe.skipIf(!mountable)('disk full (a 2 MB tmpfs under DATA_DIR/uploads and DATA_DIR/mail)', () => {
  let t: TestApp;
  let owner: Agent;
  let chapterId: number;
  const uploads = path.join(root, 'data', 'uploads');
  const mail = path.join(root, 'data', 'mail');
  /** fills the file system to the last page: the writes stop at ENOSPC and leave what fitted */
  const fill = async (dir: string) => {
    await writeFile(path.join(dir, 'filler'), Buffer.alloc(4 * 1024 * 1024)).catch(() => undefined);
    for (let i = 0; i < 10_000; i++) {
      const ok = await writeFile(path.join(dir, `filler-${i}`), Buffer.alloc(4096)).then(
        () => true,
        () => false,
      );
      if (!ok) break;
    }
  };
  const unfill = async (dir: string) => {
    for (const name of await readdir(dir)) if (name.startsWith('filler')) await rm(path.join(dir, name));
  };
  const upload = (files: Parameters<typeof multipart>[1]) => {
    const f = multipart({ chapter_id: String(chapterId) }, files);
    return owner.post('/api/chapters/storeDocs', f.payload, { headers: f.headers });
  };
  const lines: { msg?: string; kind?: string }[] = [];
  const logStream = new Writable({
    write(chunk, _enc, cb) {
      for (const l of String(chunk).split('\n')) if (l.trim()) lines.push(JSON.parse(l));
      cb();
    },
  });
  const until = async (check: () => boolean | Promise<boolean>, ms = 10_000) => {
    const end = Date.now() + ms;
    while (!(await check())) {
      if (Date.now() > end) throw new Error('condition not met in time');
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  const stored = async (sub: string) => (await readdir(path.join(uploads, sub)).catch(() => [])).sort();

  beforeAll(async () => {
    expect(await mountSmallFs(uploads, '2m')).toBe(true);
    expect(await mountSmallFs(mail, '2m')).toBe(true);
    t = await buildTestApp(
      { dataDir: path.join(root, 'data'), maxDocMb: 10 },
      { logger: { level: 'info', stream: logStream } },
    );
    const fx = seminarFixtures(t.app);
    const trainer = await t.make.user({ scopes: ['trainer'] });
    owner = await t.loginAs(trainer.email);
    const s = await fx.seminar(trainer.id);
    chapterId = (await fx.chapter(s.id)).id;
  });
  afterAll(async () => {
    await t?.close();
    unmount(uploads);
    unmount(mail);
    await rm(root, { recursive: true, force: true });
  });

  it('an upload larger than the free space answers 507, removes its partial file and the server keeps serving', async () => {
    const docsBefore = await stored('docs');
    const big = Buffer.concat([PDF, Buffer.alloc(3 * 1024 * 1024, 1)]);
    const res = await upload([
      { field: 'docs', filename: 'ok.pdf', type: 'application/pdf', data: PDF },
      { field: 'docs', filename: 'big.pdf', type: 'application/pdf', data: big },
    ]);
    expect(res.statusCode).toBe(507);
    expect(res.json().code).toBe('storage_full');
    expect(res.headers['retry-after']).toBeDefined();
    // nothing half-written, nothing acknowledged: no partial file, no row, the first file removed
    expect(await stored('tmp')).toEqual([]);
    expect(await stored('docs')).toEqual(docsBefore);
    expect(
      await t.app.database.db.select().from(chapterFiles).where(eq(chapterFiles.chapterId, chapterId)),
    ).toHaveLength(0);
    // the same server takes the next upload that fits
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    const ok = await upload([{ field: 'docs', filename: 'ok.pdf', type: 'application/pdf', data: PDF }]);
    expect(ok.statusCode).toBe(201);
  });

  it('on a full disk every upload answers 507 (documents, avatars) until space is freed', async () => {
    await fill(uploads);
    try {
      const doc = await upload([{ field: 'docs', filename: 'a.pdf', type: 'application/pdf', data: PDF }]);
      expect(doc.statusCode).toBe(507);
      expect(doc.json().code).toBe('storage_full');
      expect(doc.json().message).toMatch(/Speicherplatz/);
      const u = await t.make.user();
      const a = await t.loginAs(u.email);
      a.lang = 'en';
      const form = multipart({ first_name: 'A', last_name: 'B', username: u.username, email: u.email }, [
        {
          field: 'avatar',
          filename: 'me.png',
          type: 'image/png',
          data: Buffer.concat([PNG, Buffer.alloc(64_000)]),
        },
      ]);
      const avatar = await a.post('/api/user/update', form.payload, { headers: form.headers });
      expect(avatar.statusCode).toBe(507);
      expect(avatar.json().message).toMatch(/storage is full/);
      expect(await stored('tmp')).toEqual([]);
      expect(await stored('avatars')).toEqual([]);
      expect((await usersRepository.findById(t.app.database.db, u.id))?.avatarPath).toBeNull();
    } finally {
      await unfill(uploads);
    }
    const ok = await upload([{ field: 'docs', filename: 'b.pdf', type: 'application/pdf', data: PDF }]);
    expect(ok.statusCode).toBe(201);
  });

  it('a resumable (tus) upload into a full disk answers 507 storage_full (JSON); it can go on once there is space', async () => {
    const meta = `chapter_id ${Buffer.from(String(chapterId)).toString('base64')},filename ${Buffer.from('big.pdf').toString('base64')},kind ${Buffer.from('doc').toString('base64')}`;
    const data = Buffer.concat([PDF, Buffer.alloc(3 * 1024 * 1024 - PDF.length, 1)]);
    const tus = { 'tus-resumable': '1.0.0' };
    const created = await owner.request({
      method: 'POST',
      url: '/api/chapters/uploads',
      headers: { ...tus, 'upload-length': String(data.length), 'upload-metadata': meta },
    });
    expect(created.statusCode).toBe(201);
    const location = created.headers.location as string;
    const res = await owner.request({
      method: 'PATCH',
      url: location,
      headers: { ...tus, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      payload: data,
    });
    expect(res.statusCode).toBe(507);
    expect(res.json()).toMatchObject({ code: 'storage_full' });
    // the server keeps serving, and the upload is still there to be resumed or canceled
    expect((await owner.get('/api/user')).statusCode).toBe(200);
    const head = await owner.request({
      method: 'HEAD',
      url: location,
      headers: { ...tus, 'x-xsrf-token': owner.xsrf()! },
    });
    expect(head.statusCode).toBe(200);
    expect((await owner.request({ method: 'DELETE', url: location, headers: tus })).statusCode).toBe(204);
    expect(await stored('tus')).toEqual([]);
  });

  it('a verification mail that cannot be written waits in the queue; it is written once there is room', async () => {
    await fill(mail);
    try {
      const a = t.agent();
      const res = await a.post('/api/register', {
        username: 'diskfull',
        email: 'disk-full@example.test',
        first_name: 'D',
        last_name: 'F',
        password: 'Fault-Passw0rd',
        password_confirmation: 'Fault-Passw0rd',
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().message).toMatch(/Registrierung erfolgreich/);
      expect(await usersRepository.findByEmail(t.app.database.db, 'disk-full@example.test')).toBeDefined();
      // the worker's attempt fails; no partial .eml left beside the filler
      await until(() => lines.some((l) => l.msg === 'sending mail failed; the queue retries it'));
      expect((await readdir(mail)).filter((n) => !n.startsWith('filler'))).toEqual([]);
    } finally {
      await unfill(mail);
    }
    // a retry (after its backoff) writes the mail
    await until(async () => (await readdir(mail)).some((n) => n.endsWith('.eml')), 20_000);
  }, 30_000);

  it('an upload the client aborts is logged as such (not as a database failure) and leaves nothing', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const f = multipart({ chapter_id: String(chapterId) }, [
      {
        field: 'docs',
        filename: 'cut.pdf',
        type: 'application/pdf',
        data: Buffer.concat([PDF, Buffer.alloc(1024 * 1024)]),
      },
    ]);
    const before = lines.length;
    const cookie = owner.jar.getCookieStringSync('http://localhost/');
    await new Promise<void>((resolve) => {
      const req = request(`${address}/api/chapters/storeDocs`, {
        method: 'POST',
        headers: {
          ...f.headers,
          'content-length': String(f.payload.length),
          cookie,
          'x-xsrf-token': owner.xsrf() ?? '',
        },
      });
      req.on('error', () => resolve());
      req.write(f.payload.subarray(0, 300_000));
      setTimeout(() => {
        req.destroy();
        resolve();
      }, 300);
    });
    for (let i = 0; i < 50 && !lines.slice(before).some((l) => l.kind === 'client_aborted'); i++)
      await new Promise((r) => setTimeout(r, 100));
    const logged = lines.slice(before);
    expect(logged.some((l) => l.msg === 'client aborted the request')).toBe(true);
    expect(logged.some((l) => l.msg === 'database unavailable')).toBe(false);
    expect(await stored('tmp')).toEqual([]);
  });
});
