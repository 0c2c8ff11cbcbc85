import { readFile } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../cli.ts';
import { chapterFiles, chapters } from '../../db/schema/index.ts';
import { type Agent, buildTestApp, multipart, type TestApp } from '../../test/build-test-app.ts';
import { PDF, SAMPLE_MP4, SAMPLE_WEBM, seminarFixtures } from '../../test/fixtures.ts';
import { TUS_PATH } from './chapter-uploads.ts';

/** issue 34: the videos' lengths, read at upload and back-filled, in the trees and the catalogue */
describe('video lengths', () => {
  let t: TestApp;
  let fx: ReturnType<typeof seminarFixtures>;
  let owner: Agent;
  let student: Agent;
  let ids: { owner: number; student: number };
  beforeAll(async () => {
    t = await buildTestApp({ maxVideoMb: 60 });
    fx = seminarFixtures(t.app);
    const trainer = await t.make.user({ scopes: ['trainer'] });
    const s = await t.make.user();
    ids = { owner: trainer.id, student: s.id };
    owner = await t.loginAs(trainer.email);
    student = await t.loginAs(s.email);
  });
  afterAll(() => t.close());

  const upload = (
    chapterId: number,
    route: string,
    file: NonNullable<Parameters<typeof multipart>[1]>[number],
  ) => {
    const f = multipart({ chapter_id: String(chapterId) }, [file]);
    return owner.post(route, f.payload, { headers: f.headers });
  };
  /** a whole video in one tus PATCH; answers the media id */
  async function tusUpload(chapterId: number, data: Buffer) {
    const b64 = (s: string) => Buffer.from(s).toString('base64');
    const created = await owner.request({
      method: 'POST',
      url: TUS_PATH,
      headers: {
        'tus-resumable': '1.0.0',
        'upload-length': String(data.length),
        'upload-metadata': `chapter_id ${b64(String(chapterId))},filename ${b64('talk.mp4')}`,
      },
    });
    expect(created.statusCode).toBe(201);
    const done = await owner.request({
      method: 'PATCH',
      url: created.headers.location as string,
      headers: {
        'tus-resumable': '1.0.0',
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
      },
      payload: data,
    });
    expect(done.statusCode).toBe(204);
    return Number(done.headers['upload-media-id']);
  }
  const lengthOf = async (id: number) =>
    (await t.app.database.db.select().from(chapterFiles).where(eq(chapterFiles.id, id)))[0]?.durationSeconds;

  it('reads the length of a multipart and of a tus upload; the trees, the outline and the seminar show it', async () => {
    const s = await fx.seminar(ids.owner, { bookedBy: [ids.student] });
    const intro = await fx.chapter(s.id, { label: 'Intro', position: 0 });
    const sub = await fx.chapter(s.id, { parentId: intro.id, label: 'Intro 2', position: 0 });
    const rest = await fx.chapter(s.id, { label: 'Rest', position: 1 });
    await t.app.database.db.update(chapters).set({ preview: true }).where(eq(chapters.id, intro.id));
    const before = await student.get(`/api/seminars/${s.id}`);
    expect(before.json().video_seconds).toBeNull();

    const res = await upload(intro.id, '/api/chapters/storeVideo', {
      field: 'video',
      filename: 'intro.webm',
      type: 'video/webm',
      data: await readFile(SAMPLE_WEBM),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.video.duration_seconds).toBe(5);
    expect(await lengthOf(res.json().data.video.id)).toBe(5);
    const tusId = await tusUpload(sub.id, await readFile(SAMPLE_MP4));
    expect(await lengthOf(tusId)).toBe(5);
    // a document has no length
    const doc = await upload(rest.id, '/api/chapters/storeDocs', {
      field: 'docs',
      filename: 'a.pdf',
      type: 'application/pdf',
      data: PDF,
    });
    expect(doc.json().data.uploads[0].duration_seconds).toBeNull();
    expect(await lengthOf(doc.json().data.uploads[0].id)).toBeNull();

    type Ch = {
      id: number;
      video_seconds: number | null;
      chapter_videos: { id: number; duration_seconds: number | null }[];
      sub_chapters: Ch[];
    };
    for (const [agent, url] of [
      [owner, `/api/chapters/seminar/${s.id}`],
      [student, `/api/chapters/seminar-booked/${s.id}`],
      [t.agent(), `/api/chapters/seminar-preview/${s.id}`],
    ] as const) {
      const tree = (await agent.get(url)).json() as Ch[];
      const top = tree.find((c) => c.id === intro.id)!;
      expect(
        top.chapter_videos.map((v) => v.duration_seconds),
        url,
      ).toEqual([5]);
      expect(top.video_seconds, url).toBe(5);
      expect(top.sub_chapters[0]!.chapter_videos[0]!.duration_seconds, url).toBe(5);
      expect(tree.find((c) => c.id === rest.id)!.video_seconds, url).toBeNull();
    }
    // the seminar: the sum over its chapters' videos, in its DTO and in the catalogue's list
    expect((await student.get(`/api/seminars/${s.id}`)).json().video_seconds).toBe(10);
    const list = (await t.agent().get('/api/seminars?per_page=100')).json();
    expect(list.data.find((x: { id: number }) => x.id === s.id).video_seconds).toBe(10);
  });

  it('the outline shows the length of a chapter whose videos it hides', async () => {
    const s = await fx.seminar(ids.owner);
    const paid = await fx.chapter(s.id, { label: 'Paid' });
    const v = await fx.video(paid.id);
    await t.app.database.db
      .update(chapterFiles)
      .set({ durationSeconds: 125 })
      .where(eq(chapterFiles.id, v.id));
    const [c] = (await t.agent().get(`/api/chapters/seminar-preview/${s.id}`)).json();
    expect(c).toMatchObject({ id: paid.id, chapter_videos: [], video_seconds: 125 });
  });

  it('media:durations back-fills videos without a length, counts missing files, and a second run reads nothing', async () => {
    const s = await fx.seminar(ids.owner);
    const c = await fx.chapter(s.id);
    const good = await fx.video(c.id);
    const gone = await fx.video(c.id);
    await t.app.files.remove(gone.storagePath);
    // every other video of this database gets its length too: the counts include them
    const pending = await t.app.database.db.query.chapterFiles.findMany({
      where: (f, { and, eq, isNull }) => and(eq(f.kind, 'video'), isNull(f.durationSeconds)),
    });
    expect(pending.map((p) => p.id)).toEqual(expect.arrayContaining([good.id, gone.id]));
    const run = () => runCli(['media:durations'], t.app.database, t.app.files);
    const first = await run();
    expect(first).toEqual([`video lengths: ${pending.length - 1} read, 1 could not be read`]);
    expect(await lengthOf(good.id)).toBe(5);
    expect(await lengthOf(gone.id)).toBe(0);
    expect(await run()).toEqual(['video lengths: 0 read, 0 could not be read']);
    expect((await student.get(`/api/seminars/${s.id}`)).json().video_seconds).toBe(5);
    // --retry reads the unreadable ones again (still missing)
    expect(await runCli(['media:durations', '--retry'], t.app.database, t.app.files)).toEqual([
      'video lengths: 0 read, 1 could not be read',
    ]);
  });
});
