import { createHash, randomBytes } from 'node:crypto';
import { copyFile, readdir, readFile, utimes, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { PDF, SAMPLE_WEBM, seminarFixtures } from '../../test/fixtures.ts';
import { startTestS3, type TestS3 } from '../../test/s3-server.ts';
import { parseMetadata, TUS_PATH, UPLOAD_EXPIRY_MS } from './chapter-uploads.ts';

const TUS = { 'tus-resumable': '1.0.0' };
const b64 = (s: string) => Buffer.from(s).toString('base64');
const metadata = (m: Record<string, string>) =>
  Object.entries(m)
    .map(([k, v]) => `${k} ${b64(v)}`)
    .join(',');
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

interface World {
  t: TestApp;
  trainer: Agent;
  chapterId: number;
  trainerId: number;
}

async function world(overrides = {}): Promise<World> {
  const t = await buildTestApp(overrides);
  const fx = seminarFixtures(t.app);
  const trainerUser = await t.make.user({ scopes: ['trainer'] });
  const s = await fx.seminar(trainerUser.id);
  const c = await fx.chapter(s.id);
  return { t, trainer: await t.loginAs(trainerUser.email), chapterId: c.id, trainerId: trainerUser.id };
}

async function create(
  agent: Agent,
  chapterId: number,
  length: number,
  extra: Record<string, string> = {},
  opts: { csrf?: boolean } = {},
) {
  return agent.request({
    method: 'POST',
    url: TUS_PATH,
    csrf: opts.csrf,
    headers: {
      ...TUS,
      'upload-length': String(length),
      'upload-metadata': metadata({ chapter_id: String(chapterId), filename: 'talk.webm', ...extra }),
    },
  });
}

const patch = (agent: Agent, location: string, offset: number, body: Buffer) =>
  agent.request({
    method: 'PATCH',
    url: location,
    headers: { ...TUS, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
    payload: body,
  });

const head = (agent: Agent, location: string) =>
  agent.request({ method: 'HEAD', url: location, headers: { ...TUS, 'x-xsrf-token': agent.xsrf() ?? '' } });

async function mediaOf(t: TestApp, agent: Agent, chapterId: number) {
  const seminarId = (await t.app.database.db.query.chapters.findFirst({
    where: (c, { eq }) => eq(c.id, chapterId),
  }))!.seminarId;
  const res = await agent.get(`/api/chapters/seminar/${seminarId}`);
  const ch = (
    res.json() as { id: number; chapter_videos: { id: number }[]; chapter_docs: { id: number }[] }[]
  ).find((c) => c.id === chapterId)!;
  return { videos: ch.chapter_videos, docs: ch.chapter_docs };
}

/**
 * The state a cut finishing leaves (issue 32 item 2: a shutdown or a crash after the last byte):
 * every byte in the tus store (on S3 the multipart upload completed), no media row. Written
 * through the app's own tus store, as the PATCH of the last byte does before it finishes.
 */
async function bytesWithoutFinishing(t: TestApp, location: string, body: Buffer, prefix = '') {
  const id = `${prefix}${location.split('/').pop()}`;
  await t.app.tusUploads.datastore.write(Readable.from([body]), id, 0);
}

const emptyPatch = (agent: Agent, location: string, offset: number) =>
  patch(agent, location, offset, Buffer.alloc(0));

async function videoCount(t: TestApp, chapterId: number) {
  const rows = await t.app.database.db.query.chapterFiles.findMany({
    where: (f, { and, eq }) => and(eq(f.chapterId, chapterId), eq(f.kind, 'video')),
  });
  return rows.length;
}

describe('tus metadata', () => {
  it('parses key/base64 pairs and refuses malformed ones', () => {
    expect(parseMetadata(`a ${b64('x y')},empty`)).toEqual({ a: 'x y', empty: '' });
    expect(parseMetadata(undefined)).toEqual({});
    expect(parseMetadata('a b c')).toBeNull();
    expect(parseMetadata('a !!!')).toBeNull();
  });
});

describe('resumable uploads (tus) on the local disk', () => {
  let w: World;
  let webm: Buffer;
  beforeAll(async () => {
    w = await world({ maxVideoMb: 60, maxDocMb: 1 });
    webm = await readFile(SAMPLE_WEBM);
  });
  afterAll(() => w.t.close());

  it('creates, appends in two chunks, answers the offset, and records the video only when complete', async () => {
    const res = await create(w.trainer, w.chapterId, webm.length, { label: 'Talk' });
    expect(res.statusCode).toBe(201);
    const location = res.headers.location as string;
    expect(location).toMatch(new RegExp(`^${TUS_PATH}/[A-Za-z0-9_-]{16,}$`));
    expect(res.headers['upload-expires']).toBeTruthy();
    const half = Math.floor(webm.length / 2);
    const first = await patch(w.trainer, location, 0, webm.subarray(0, half));
    expect(first.statusCode).toBe(204);
    expect(first.headers['upload-offset']).toBe(String(half));
    expect((await mediaOf(w.t, w.trainer, w.chapterId)).videos).toHaveLength(0);
    const h = await head(w.trainer, location);
    expect(h.statusCode).toBe(200);
    expect(h.headers['upload-offset']).toBe(String(half));
    expect(h.headers['upload-length']).toBe(String(webm.length));
    // a wrong offset is a conflict (tus 409)
    expect((await patch(w.trainer, location, 0, webm.subarray(0, 10))).statusCode).toBe(409);
    const last = await patch(w.trainer, location, half, webm.subarray(half));
    expect(last.statusCode).toBe(204);
    const mediaId = Number(last.headers['upload-media-id']);
    expect(mediaId).toBeGreaterThan(0);
    const ch = await mediaOf(w.t, w.trainer, w.chapterId);
    expect(ch.videos.map((v) => v.id)).toContain(mediaId);
    const stream = await w.trainer.get(`/api/chapters/video/${mediaId}/stream`);
    expect(stream.statusCode).toBe(200);
    expect(sha(stream.rawPayload)).toBe(sha(webm));
    // the tus upload is gone: its data moved into the file store
    expect((await head(w.trainer, location)).statusCode).toBe(404);
    expect(await readdir(path.join(w.t.app.uploadDir, 'tus'))).toEqual([]);
  });

  it('takes documents too (kind=doc), under the document limit', async () => {
    const res = await create(w.trainer, w.chapterId, PDF.length, { kind: 'doc', filename: 'notes.pdf' });
    expect(res.statusCode).toBe(201);
    const done = await patch(w.trainer, res.headers.location as string, 0, PDF);
    expect(done.statusCode).toBe(204);
    const ch = await mediaOf(w.t, w.trainer, w.chapterId);
    expect(ch.docs.map((d) => d.id)).toContain(Number(done.headers['upload-media-id']));
    const big = await create(w.trainer, w.chapterId, 2 * 1024 * 1024, { kind: 'doc', filename: 'big.pdf' });
    expect(big.statusCode).toBe(413);
  });

  it('refuses an announced size over the limit up front (413 media.too_large), storing nothing', async () => {
    const res = await create(w.trainer, w.chapterId, 61 * 1024 * 1024);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'media.too_large' });
    expect(res.json().message).toContain('60');
    expect(await readdir(path.join(w.t.app.uploadDir, 'tus'))).toEqual([]);
  });

  it('refuses bytes beyond the announced length (413)', async () => {
    const res = await create(w.trainer, w.chapterId, 10);
    const over = await patch(w.trainer, res.headers.location as string, 0, Buffer.alloc(20, 1));
    expect(over.statusCode).toBe(413);
    await w.trainer.delete(res.headers.location as string, { headers: TUS });
  });

  it('checks the type by content when complete: a wrong type is 422 media.type and leaves nothing behind', async () => {
    const fake = Buffer.concat([Buffer.from('not a video at all '), randomBytes(5000)]);
    const res = await create(w.trainer, w.chapterId, fake.length, { filename: 'fake.mp4' });
    expect(res.statusCode).toBe(201);
    const location = res.headers.location as string;
    const before = (await mediaOf(w.t, w.trainer, w.chapterId)).videos.length;
    const done = await patch(w.trainer, location, 0, fake);
    expect(done.statusCode).toBe(422);
    expect(done.headers['content-type']).toContain('application/json');
    expect(done.json()).toMatchObject({ code: 'media.type' });
    expect(done.json().message).toContain('mp4');
    expect((await mediaOf(w.t, w.trainer, w.chapterId)).videos).toHaveLength(before);
    expect((await head(w.trainer, location)).statusCode).toBe(404);
    expect(await readdir(path.join(w.t.app.uploadDir, 'tus'))).toEqual([]);
    const files = [];
    for await (const f of w.t.app.files.list()) files.push(f.key);
    const rows = await w.t.app.database.db.query.chapterFiles.findMany();
    expect(files.sort()).toEqual(rows.map((r) => r.storagePath).sort());
  });

  it('validates the metadata (422 with the field) and the announced length', async () => {
    const noChapter = await w.trainer.request({
      method: 'POST',
      url: TUS_PATH,
      headers: { ...TUS, 'upload-length': '10', 'upload-metadata': metadata({ filename: 'a.webm' }) },
    });
    expect(noChapter.statusCode).toBe(422);
    expect(noChapter.json().errors).toHaveProperty('chapter_id');
    const noName = await w.trainer.request({
      method: 'POST',
      url: TUS_PATH,
      headers: {
        ...TUS,
        'upload-length': '10',
        'upload-metadata': metadata({ chapter_id: String(w.chapterId) }),
      },
    });
    expect(noName.json().errors).toHaveProperty('filename');
    const badKind = await create(w.trainer, w.chapterId, 10, { kind: 'exe' });
    expect(badKind.json().errors).toHaveProperty('kind');
    const deferred = await w.trainer.request({
      method: 'POST',
      url: TUS_PATH,
      headers: {
        ...TUS,
        'upload-defer-length': '1',
        'upload-metadata': metadata({ chapter_id: String(w.chapterId), filename: 'a.webm' }),
      },
    });
    expect(deferred.statusCode).toBe(422);
    expect(deferred.json().errors).toHaveProperty('upload_length');
    const garbled = await w.trainer.request({
      method: 'POST',
      url: TUS_PATH,
      headers: { ...TUS, 'upload-length': '10', 'upload-metadata': 'chapter_id a b c' },
    });
    expect(garbled.statusCode).toBe(422);
    expect((await create(w.trainer, w.chapterId, 0)).statusCode).toBe(422);
    const nul = await create(w.trainer, w.chapterId, 10, { label: 'a\u0000b' });
    expect(nul.statusCode).toBe(422);
    expect(nul.json().errors).toHaveProperty('label');
    const tooLong = await create(w.trainer, w.chapterId, 10, { label: 'x'.repeat(201) });
    expect(tooLong.json().errors).toHaveProperty('label');
    expect((await create(w.trainer, 999_999, 10)).statusCode).toBe(404);
  });

  it('authorization: guest 401, student 403, foreign chapter 403, foreign upload 404, CSRF 419 (HEAD too)', async () => {
    const student = await w.t.loginAs((await w.t.make.user()).email);
    const other = await w.t.loginAs((await w.t.make.user({ scopes: ['trainer'] })).email);
    const admin = await w.t.loginAs((await w.t.make.user({ scopes: ['admin'] })).email);
    expect((await create(w.t.agent(), w.chapterId, 10)).statusCode).toBe(401);
    expect((await create(student, w.chapterId, 10)).statusCode).toBe(403);
    expect((await create(other, w.chapterId, 10)).statusCode).toBe(403);
    expect((await create(w.trainer, w.chapterId, 10, {}, { csrf: false })).statusCode).toBe(419);
    // an admin may upload into any chapter
    const byAdmin = await create(admin, w.chapterId, 10);
    expect(byAdmin.statusCode).toBe(201);
    await admin.delete(byAdmin.headers.location as string, { headers: TUS });

    const res = await create(w.trainer, w.chapterId, webm.length);
    const location = res.headers.location as string;
    for (const agent of [other, admin]) {
      expect((await patch(agent, location, 0, webm.subarray(0, 100))).statusCode).toBe(404);
      expect((await head(agent, location)).statusCode).toBe(404);
      expect((await agent.delete(location, { headers: TUS })).statusCode).toBe(404);
    }
    expect((await patch(w.t.agent(), location, 0, webm.subarray(0, 100))).statusCode).toBe(401);
    expect((await patch(student, location, 0, webm.subarray(0, 100))).statusCode).toBe(403);
    const noCsrf = await w.trainer.request({
      method: 'PATCH',
      url: location,
      csrf: false,
      headers: { ...TUS, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      payload: webm.subarray(0, 100),
    });
    expect(noCsrf.statusCode).toBe(419);
    const headNoCsrf = await w.trainer.request({ method: 'HEAD', url: location, headers: TUS });
    expect(headNoCsrf.statusCode).toBe(419);
    expect((await head(w.trainer, location)).headers['upload-offset']).toBe('0');
    // the owner cancels: gone
    expect((await w.trainer.delete(location, { headers: TUS })).statusCode).toBe(204);
    expect((await head(w.trainer, location)).statusCode).toBe(404);
    expect((await w.trainer.delete(`${TUS_PATH}/..%2f..%2fetc`, { headers: TUS })).statusCode).toBe(404);
  });

  it('a chapter deleted while the upload ran: 404 at the end, nothing stored', async () => {
    const fx = seminarFixtures(w.t.app);
    const c = await fx.chapter((await fx.seminar(w.trainerId)).id);
    const res = await create(w.trainer, c.id, webm.length);
    expect((await w.trainer.delete(`/api/chapters/${c.id}/delete`)).statusCode).toBe(204);
    const done = await patch(w.trainer, res.headers.location as string, 0, webm);
    expect(done.statusCode).toBe(404);
    expect(await readdir(path.join(w.t.app.uploadDir, 'tus'))).toEqual([]);
  });

  it('OPTIONS tells the tus version, extensions and largest size (204, tus core), without CORS headers', async () => {
    const created = await create(w.trainer, w.chapterId, 10);
    const location = created.headers.location as string;
    for (const agent of [w.t.agent(), w.trainer]) {
      for (const url of [TUS_PATH, location]) {
        const res = await agent.request({
          method: 'OPTIONS',
          url,
          headers: { origin: 'https://elsewhere.example', 'access-control-request-method': 'PATCH' },
        });
        expect(res.statusCode).toBe(204);
        expect(res.headers['tus-version']).toBe('1.0.0');
        expect(res.headers['tus-resumable']).toBe('1.0.0');
        expect(res.headers['tus-extension']).toBe('creation,termination,expiration');
        expect(res.headers['tus-max-size']).toBe(String(60 * 1024 * 1024));
        expect(res.body).toBe('');
        // same origin only, as every other route: no CORS answer for another site
        expect(Object.keys(res.headers).filter((h) => h.startsWith('access-control-'))).toEqual([]);
      }
    }
    await w.trainer.delete(location, { headers: TUS });
  });

  it('a PATCH without application/offset+octet-stream is 415 with the JSON error body; nothing is written', async () => {
    const created = await create(w.trainer, w.chapterId, 100);
    const location = created.headers.location as string;
    const asJson = await w.trainer.request({
      method: 'PATCH',
      url: location,
      headers: { ...TUS, 'upload-offset': '0', 'content-type': 'application/json' },
      payload: JSON.stringify({ a: 1 }),
    });
    expect(asJson.statusCode).toBe(415);
    expect(asJson.headers['content-type']).toContain('application/json');
    expect(asJson.json()).toEqual({ message: expect.any(String), code: 'unsupported_media_type' });
    const untyped = await w.trainer.request({
      method: 'PATCH',
      url: location,
      headers: { ...TUS, 'upload-offset': '0' },
      payload: Buffer.alloc(10, 1),
    });
    expect(untyped.statusCode).toBe(415);
    expect(untyped.json().code).toBe('unsupported_media_type');
    expect((await head(w.trainer, location)).headers['upload-offset']).toBe('0');
    await w.trainer.delete(location, { headers: TUS });
  });

  it('an announced length of 0 is 422 media.missing', async () => {
    for (const kind of ['video', 'doc']) {
      const res = await create(w.trainer, w.chapterId, 0, { kind });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ code: 'media.missing' });
      expect(res.json().errors).toHaveProperty(kind === 'doc' ? 'docs' : 'video');
    }
    expect(await readdir(path.join(w.t.app.uploadDir, 'tus'))).toEqual([]);
  });

  it('an upload whose bytes are all there but which was never finished: HEAD finishes it (Upload-Media-Id), once', async () => {
    const created = await create(w.trainer, w.chapterId, webm.length, { label: 'Cut' });
    const location = created.headers.location as string;
    await bytesWithoutFinishing(w.t, location, webm);
    const before = await videoCount(w.t, w.chapterId);
    const h = await head(w.trainer, location);
    expect(h.statusCode).toBe(200);
    expect(h.headers['upload-offset']).toBe(String(webm.length));
    expect(h.headers['upload-length']).toBe(String(webm.length));
    const mediaId = Number(h.headers['upload-media-id']);
    expect(mediaId).toBeGreaterThan(0);
    expect(await videoCount(w.t, w.chapterId)).toBe(before + 1);
    const stream = await w.trainer.get(`/api/chapters/video/${mediaId}/stream`);
    expect(sha(stream.rawPayload)).toBe(sha(webm));
    // finished: the upload is gone, the file is in the file store under the upload's name
    expect((await head(w.trainer, location)).statusCode).toBe(404);
    expect(await readdir(path.join(w.t.app.uploadDir, 'tus'))).toEqual([]);
    const row = await w.t.app.database.db.query.chapterFiles.findFirst({
      where: (f, { eq }) => eq(f.id, mediaId),
    });
    expect(row?.storagePath).toBe(`videos/${location.split('/').pop()}.webm`);
    expect(row?.label).toBe('Cut');
  });

  it('an empty PATCH at the full offset finishes it too; a HEAD and a PATCH at once make one media', async () => {
    const created = await create(w.trainer, w.chapterId, webm.length);
    const location = created.headers.location as string;
    await bytesWithoutFinishing(w.t, location, webm);
    const before = await videoCount(w.t, w.chapterId);
    const [p, h] = await Promise.all([
      emptyPatch(w.trainer, location, webm.length),
      head(w.trainer, location),
    ]);
    expect(p.statusCode).toBe(204);
    expect(p.headers['upload-offset']).toBe(String(webm.length));
    expect([200, 404]).toContain(h.statusCode);
    if (h.statusCode === 200) expect(h.headers['upload-media-id']).toBe(p.headers['upload-media-id']);
    expect(await videoCount(w.t, w.chapterId)).toBe(before + 1);
    expect(await readdir(path.join(w.t.app.uploadDir, 'tus'))).toEqual([]);
  });

  it('finishing again after a crash between the row and the removal of the upload finds the row: no second media', async () => {
    const created = await create(w.trainer, w.chapterId, webm.length);
    const location = created.headers.location as string;
    await bytesWithoutFinishing(w.t, location, webm);
    const dir = path.join(w.t.app.uploadDir, 'tus');
    const id = location.split('/').pop()!;
    // the upload as it was before its finishing removed it
    const kept = path.join(w.t.app.uploadDir, 'kept');
    const { mkdir } = await import('node:fs/promises');
    await mkdir(kept, { recursive: true });
    for (const n of [id, `${id}.json`]) await copyFile(path.join(dir, n), path.join(kept, n));
    const before = await videoCount(w.t, w.chapterId);
    const first = await head(w.trainer, location);
    const mediaId = first.headers['upload-media-id'];
    expect(Number(mediaId)).toBeGreaterThan(0);
    for (const n of [id, `${id}.json`]) await copyFile(path.join(kept, n), path.join(dir, n));
    const again = await head(w.trainer, location);
    expect(again.statusCode).toBe(200);
    expect(again.headers['upload-media-id']).toBe(mediaId);
    expect(await videoCount(w.t, w.chapterId)).toBe(before + 1);
    const stream = await w.trainer.get(`/api/chapters/video/${mediaId}/stream`);
    expect(sha(stream.rawPayload)).toBe(sha(webm));
    expect(await readdir(dir)).toEqual([]);
    const { rm } = await import('node:fs/promises');
    await rm(kept, { recursive: true, force: true });
  });

  it('a wrong type found when finishing by HEAD: 422 and the upload removed; an unfinished upload is not finished by HEAD', async () => {
    const fake = Buffer.concat([Buffer.from('not a video at all '), randomBytes(3000)]);
    const created = await create(w.trainer, w.chapterId, fake.length);
    const location = created.headers.location as string;
    const half = await create(w.trainer, w.chapterId, webm.length);
    expect(
      (await patch(w.trainer, half.headers.location as string, 0, webm.subarray(0, 100))).statusCode,
    ).toBe(204);
    await bytesWithoutFinishing(w.t, location, fake);
    expect((await head(w.trainer, location)).statusCode).toBe(422);
    expect((await head(w.trainer, location)).statusCode).toBe(404);
    const h = await head(w.trainer, half.headers.location as string);
    expect(h.statusCode).toBe(200);
    expect(h.headers['upload-offset']).toBe('100');
    expect(h.headers['upload-media-id']).toBeUndefined();
    await w.trainer.delete(half.headers.location as string, { headers: TUS });
    expect(await readdir(path.join(w.t.app.uploadDir, 'tus'))).toEqual([]);
  });

  it('sweeps unfinished uploads older than 24 h from the disk', async () => {
    const res = await create(w.trainer, w.chapterId, webm.length);
    const location = res.headers.location as string;
    await patch(w.trainer, location, 0, webm.subarray(0, 1000));
    const fresh = await create(w.trainer, w.chapterId, webm.length);
    const dir = path.join(w.t.app.uploadDir, 'tus');
    const id = location.split('/').pop()!;
    const info = JSON.parse(await readFile(path.join(dir, `${id}.json`), 'utf8'));
    info.creation_date = new Date(Date.now() - UPLOAD_EXPIRY_MS - 60_000).toISOString();
    await writeFile(path.join(dir, `${id}.json`), JSON.stringify(info));
    // a stray data file without its info, untouched for a day
    await writeFile(path.join(dir, 'strayfile'), 'x');
    const old = new Date(Date.now() - UPLOAD_EXPIRY_MS - 60_000);
    await utimes(path.join(dir, 'strayfile'), old, old);
    expect(await w.t.app.tusUploads.sweepExpired()).toBe(2);
    expect((await head(w.trainer, location)).statusCode).toBe(404);
    expect((await head(w.trainer, fresh.headers.location as string)).statusCode).toBe(200);
    const names = await readdir(dir);
    expect(names.sort()).toEqual(
      [
        fresh.headers.location!.toString().split('/').pop()!,
        `${fresh.headers.location!.toString().split('/').pop()!}.json`,
      ].sort(),
    );
    await w.trainer.delete(fresh.headers.location as string, { headers: TUS });
  });
});

/** a real socket: part of a 50 MB file, the connection cut, HEAD for the offset, PATCH the rest */
async function resumeOver50Mb(w: World, readStored: (key: string) => Promise<Buffer>) {
  const server = w.t.app.server;
  if (!server.listening) await w.t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = server.address() as AddressInfo;
  const head = await readFile(SAMPLE_WEBM);
  const file = Buffer.concat([head, randomBytes(50 * 1024 * 1024 - head.length)]);
  const created = await create(w.trainer, w.chapterId, file.length);
  expect(created.statusCode).toBe(201);
  const location = created.headers.location as string;
  const cookie = w.trainer.jar.getCookieStringSync('http://localhost/');
  const headers = {
    ...TUS,
    cookie,
    'x-xsrf-token': w.trainer.xsrf()!,
  };
  // send about 20 MB of a PATCH announcing all of it, then cut the connection
  await new Promise<void>((resolve) => {
    const req = http.request({
      host: '127.0.0.1',
      port,
      path: location,
      method: 'PATCH',
      headers: {
        ...headers,
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
        'content-length': String(file.length),
      },
    });
    req.on('error', () => resolve());
    req.on('response', (r) => {
      r.resume();
      resolve();
    });
    const cut = 20 * 1024 * 1024;
    let sent = 0;
    const step = 1024 * 1024;
    const pump = () => {
      while (sent < cut) {
        const ok = req.write(file.subarray(sent, sent + step));
        sent += step;
        if (!ok) return void req.once('drain', pump);
      }
      setTimeout(() => req.destroy(), 300);
    };
    pump();
  });
  // the server keeps what arrived (written before the cut); ask for it until it settles
  let offset = -1;
  for (let i = 0; i < 50; i++) {
    const h = await w.trainer.request({
      method: 'HEAD',
      url: location,
      headers: { ...TUS, 'x-xsrf-token': w.trainer.xsrf()! },
    });
    expect(h.statusCode).toBe(200);
    const now = Number(h.headers['upload-offset']);
    if (now === offset) break;
    offset = now;
    await new Promise((r) => setTimeout(r, 200));
  }
  expect(offset).toBeGreaterThan(0);
  expect(offset).toBeLessThan(file.length);
  const rest = await new Promise<{ status: number; media: string }>((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: location,
        method: 'PATCH',
        headers: {
          ...headers,
          'upload-offset': String(offset),
          'content-type': 'application/offset+octet-stream',
          'content-length': String(file.length - offset),
        },
      },
      (r) => {
        r.resume();
        r.on('end', () => resolve({ status: r.statusCode!, media: String(r.headers['upload-media-id']) }));
      },
    );
    req.on('error', reject);
    req.end(file.subarray(offset));
  });
  expect(rest.status).toBe(204);
  const row = await w.t.app.database.db.query.chapterFiles.findFirst({
    where: (f, { eq }) => eq(f.id, Number(rest.media)),
  });
  expect(row?.size).toBe(file.length);
  expect(row?.sha256).toBe(sha(file));
  expect(sha(await readStored(row!.storagePath))).toBe(sha(file));
}

describe('resuming a 50 MB upload after a dropped connection', () => {
  it('on the local disk: the stored file has the sent SHA-256', async () => {
    const w = await world({ maxVideoMb: 60 });
    try {
      await resumeOver50Mb(w, (key) => readFile(path.join(w.t.app.uploadDir, key)));
    } finally {
      await w.t.close();
    }
  }, 120_000);

  describe('in an S3-compatible bucket (s3rver)', () => {
    let s3: TestS3;
    let w: World;
    beforeAll(async () => {
      s3 = await startTestS3(['elearn-tus']);
      w = await world({ maxVideoMb: 60, s3: { ...s3.settings('elearn-tus'), prefix: 'app/' } });
    });
    afterAll(async () => {
      await w.t.close();
      await s3.close();
    });

    it('the stored file has the sent SHA-256, and nothing stays under tus/', async () => {
      await resumeOver50Mb(w, async (key) => {
        const chunks: Buffer[] = [];
        for await (const c of await w.t.app.files.read(key)) chunks.push(c as Buffer);
        return Buffer.concat(chunks);
      });
      const { S3Client, ListObjectsV2Command } = await import('@aws-sdk/client-s3');
      const client = new S3Client({ ...s3.settings(), credentials: s3.settings().credentials! });
      const left = await client.send(new ListObjectsV2Command({ Bucket: 'elearn-tus', Prefix: 'app/tus/' }));
      expect(left.Contents ?? []).toEqual([]);
      client.destroy();
    }, 180_000);

    it('an upload completed in the bucket but never finished: an empty PATCH at the full offset finishes it, and so does HEAD', async () => {
      const webm = await readFile(SAMPLE_WEBM);
      const { S3Client, ListObjectsV2Command } = await import('@aws-sdk/client-s3');
      const client = new S3Client({ ...s3.settings(), credentials: s3.settings().credentials! });
      try {
        for (const finishBy of ['patch', 'head'] as const) {
          const created = await create(w.trainer, w.chapterId, webm.length);
          const location = created.headers.location as string;
          await bytesWithoutFinishing(w.t, location, webm, 'app/tus/');
          const h = await w.t.app.tusUploads.datastore.getUpload(`app/tus/${location.split('/').pop()}`);
          expect(h.offset).toBe(webm.length);
          const before = await videoCount(w.t, w.chapterId);
          const res =
            finishBy === 'patch'
              ? await emptyPatch(w.trainer, location, webm.length)
              : await head(w.trainer, location);
          expect(res.statusCode).toBe(finishBy === 'patch' ? 204 : 200);
          const mediaId = Number(res.headers['upload-media-id']);
          expect(mediaId).toBeGreaterThan(0);
          expect(await videoCount(w.t, w.chapterId)).toBe(before + 1);
          const stream = await w.trainer.get(`/api/chapters/video/${mediaId}/stream`);
          expect(sha(stream.rawPayload)).toBe(sha(webm));
          expect((await head(w.trainer, location)).statusCode).toBe(404);
        }
        const left = await client.send(
          new ListObjectsV2Command({ Bucket: 'elearn-tus', Prefix: 'app/tus/' }),
        );
        expect(left.Contents ?? []).toEqual([]);
      } finally {
        client.destroy();
      }
    }, 60_000);

    it('a wrong type at the end leaves nothing in the bucket; an unfinished upload is swept after 24 h', async () => {
      const fake = randomBytes(6000);
      const res = await create(w.trainer, w.chapterId, fake.length);
      expect((await patch(w.trainer, res.headers.location as string, 0, fake)).statusCode).toBe(422);
      const unfinished = await create(w.trainer, w.chapterId, 6 * 1024 * 1024);
      expect((await patch(w.trainer, unfinished.headers.location as string, 0, fake)).statusCode).toBe(204);
      const { S3Client, ListObjectsV2Command, ListMultipartUploadsCommand } = await import(
        '@aws-sdk/client-s3'
      );
      const client = new S3Client({ ...s3.settings(), credentials: s3.settings().credentials! });
      const list = async () =>
        (
          (await client.send(new ListObjectsV2Command({ Bucket: 'elearn-tus', Prefix: 'app/tus/' })))
            .Contents ?? []
        ).map((o) => o.Key);
      expect((await list()).length).toBeGreaterThan(0);
      // not yet expired: kept
      expect(await w.t.app.tusUploads.sweepExpired()).toBe(0);
      expect(await w.t.app.tusUploads.sweepExpired(Date.now() + UPLOAD_EXPIRY_MS + 60_000)).toBeGreaterThan(
        0,
      );
      expect(await list()).toEqual([]);
      const mp = await client.send(
        new ListMultipartUploadsCommand({ Bucket: 'elearn-tus', Prefix: 'app/tus/' }),
      );
      expect(mp.Uploads ?? []).toEqual([]);
      client.destroy();
    }, 60_000);
  });

  it('two instances on one bucket: begun on one, resumed on the other', async () => {
    const s3b = await startTestS3(['elearn-tus-shared']);
    const settings = { ...s3b.settings('elearn-tus-shared'), prefix: '' };
    const a = await world({ maxVideoMb: 60, s3: settings });
    // the second instance shares the first one's database (as two processes share PostgreSQL)
    // (its address too: the job queue and the cache bus open their own connections to it)
    const b = await buildTestApp(
      {
        maxVideoMb: 60,
        s3: settings,
        ...(a.t.config.databaseUrl ? { databaseUrl: a.t.config.databaseUrl } : {}),
      },
      { database: a.t.app.database },
    );
    try {
      const webm = await readFile(SAMPLE_WEBM);
      const file = Buffer.concat([webm, randomBytes(7 * 1024 * 1024)]);
      const created = await create(a.trainer, a.chapterId, file.length);
      expect(created.statusCode).toBe(201);
      const location = created.headers.location as string;
      const half = 6 * 1024 * 1024;
      expect((await patch(a.trainer, location, 0, file.subarray(0, half))).statusCode).toBe(204);
      // the same browser session, now answered by the other instance
      const onB = new Agent(b.app);
      for (const c of a.trainer.jar.getCookiesSync('http://localhost/'))
        onB.jar.setCookieSync(c, 'http://localhost/');
      const h = await head(onB, location);
      expect(h.statusCode).toBe(200);
      expect(h.headers['upload-offset']).toBe(String(half));
      const done = await patch(onB, location, half, file.subarray(half));
      expect(done.statusCode).toBe(204);
      const row = await a.t.app.database.db.query.chapterFiles.findFirst({
        where: (f, { eq }) => eq(f.id, Number(done.headers['upload-media-id'])),
      });
      expect(row?.sha256).toBe(sha(file));
      // and the first instance serves it
      const stream = await a.trainer.get(`/api/chapters/video/${row!.id}/stream`);
      expect(sha(stream.rawPayload)).toBe(sha(file));
    } finally {
      await b.close();
      await a.t.close();
      await s3b.close();
    }
  }, 120_000);
});
