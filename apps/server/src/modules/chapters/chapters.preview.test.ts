import { readFile } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chapters } from '../../db/schema/index.ts';
import { type Agent, buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { SAMPLE_WEBM, seminarFixtures } from '../../test/fixtures.ts';

/** Free previews (issue 34 item 3): who plays a chapter the owner marked, and its media. */
describe('free preview chapters', () => {
  let t: TestApp;
  let fx: ReturnType<typeof seminarFixtures>;
  let ids: { trainer: number; booked: number };
  const as = {} as Record<'guest' | 'student' | 'booked' | 'owner' | 'admin' | 'employee', Agent>;

  beforeAll(async () => {
    t = await buildTestApp();
    fx = seminarFixtures(t.app);
    const company = await t.make.company();
    const trainer = await t.make.user({ scopes: ['trainer'] });
    const student = await t.make.user();
    const booked = await t.make.user();
    const admin = await t.make.user({ scopes: ['admin'] });
    const employee = await t.make.user();
    await t.make.member(company.id, employee.id);
    ids = { trainer: trainer.id, booked: booked.id };
    as.guest = t.agent();
    as.student = await t.loginAs(student.email);
    as.booked = await t.loginAs(booked.email);
    as.owner = await t.loginAs(trainer.email);
    as.admin = await t.loginAs(admin.email);
    as.employee = await t.loginAs(employee.email);
    (as as Record<string, unknown>).companyId = company.id;
  });
  afterAll(() => t.close());

  /** a seminar with a preview chapter (video, doc, link), its sub-chapter and a plain chapter */
  async function world(opts: { isPublic?: boolean; isCompany?: boolean; companyId?: number } = {}) {
    const s = await fx.seminar(ids.trainer, { ...opts, bookedBy: [ids.booked] });
    const preview = await fx.chapter(s.id, { label: 'Intro' });
    const sub = await fx.chapter(s.id, { parentId: preview.id, label: 'Intro 2' });
    const plain = await fx.chapter(s.id, { label: 'Paid' });
    await t.app.database.db.update(chapters).set({ preview: true }).where(eq(chapters.id, preview.id));
    const media = async (c: number) => ({
      video: `/api/chapters/video/${(await fx.video(c)).id}/stream`,
      doc: `/api/chapters/doc/${(await fx.doc(c)).id}/download`,
    });
    await fx.link(preview.id);
    await fx.link(plain.id);
    return {
      s,
      preview,
      sub,
      plain,
      previewMedia: await media(preview.id),
      plainMedia: await media(plain.id),
    };
  }
  const status = async (who: keyof typeof as, url: string) => (await as[who].get(url)).statusCode;

  it('guest and not-booked student stream and download a preview chapter of a public seminar', async () => {
    const w = await world();
    for (const who of ['guest', 'student', 'booked', 'owner', 'admin'] as const) {
      expect(`${who}: ${await status(who, w.previewMedia.video)}`).toBe(`${who}: 200`);
      expect(`${who}: ${await status(who, w.previewMedia.doc)}`).toBe(`${who}: 200`);
    }
  });

  it('refuses the media of a non-preview chapter as before: guest 401, not booked 403', async () => {
    const w = await world();
    const expected = { guest: 401, student: 403, booked: 200, owner: 200, admin: 200 } as const;
    for (const [who, code] of Object.entries(expected) as [keyof typeof expected, number][]) {
      expect(`${who}: ${await status(who, w.plainMedia.doc)}`).toBe(`${who}: ${code}`);
      expect(`${who}: ${await status(who, w.plainMedia.video)}`).toBe(`${who}: ${code}`);
    }
  });

  it('streams a preview video to a guest with Range (206, the bytes asked)', async () => {
    const w = await world();
    const video = await readFile(SAMPLE_WEBM);
    const res = await as.guest.get(w.previewMedia.video, { headers: { range: 'bytes=5-14' } });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes 5-14/${video.length}`);
    expect(res.rawPayload.equals(video.subarray(5, 15))).toBe(true);
  });

  it('never opens previews of a private or a company seminar to outsiders', async () => {
    const companyId = (as as Record<string, unknown>).companyId as number;
    for (const w of [await world({ isPublic: false }), await world({ isCompany: true, companyId })]) {
      expect(await status('guest', w.previewMedia.video)).toBe(401);
      expect(await status('student', w.previewMedia.video)).toBe(404);
      expect(await status('booked', w.previewMedia.video)).toBe(200);
      expect(await status('owner', w.previewMedia.doc)).toBe(200);
      expect(await status('guest', `/api/chapters/seminar-preview/${w.s.id}`)).toBe(404);
      expect(await status('owner', `/api/chapters/seminar-preview/${w.s.id}`)).toBe(404);
    }
    const c = await world({ isCompany: true, isPublic: false, companyId });
    // a member of the company sees the seminar but has no booking: the preview flag does not open it
    expect(await status('employee', c.previewMedia.video)).toBe(403);
  });

  it('switching the flag off closes the preview; a locked preview is closed too', async () => {
    const w = await world();
    await t.app.database.db.update(chapters).set({ preview: false }).where(eq(chapters.id, w.preview.id));
    expect(await status('guest', w.previewMedia.video)).toBe(401);
    expect(await status('student', w.previewMedia.video)).toBe(403);
    const v = await world();
    await t.app.database.db.update(chapters).set({ unlocked: 0 }).where(eq(chapters.id, v.preview.id));
    expect(await status('guest', v.previewMedia.video)).toBe(401);
    const locked = await as.student.get(v.previewMedia.video);
    expect([locked.statusCode, locked.json().code]).toEqual([403, 'chapter.locked']);
    expect(await status('owner', v.previewMedia.video)).toBe(200);
  });

  it('the outline: every label for everyone, content and media of the previews only', async () => {
    const w = await world();
    for (const who of ['guest', 'student', 'booked'] as const) {
      const res = await as[who].get(`/api/chapters/seminar-preview/${w.s.id}`);
      expect(res.statusCode).toBe(200);
      const outline = res.json() as Record<string, unknown>[];
      const intro = outline.find((c) => c.id === w.preview.id) as Record<string, unknown> & {
        sub_chapters: Record<string, unknown>[];
      };
      const paid = outline.find((c) => c.id === w.plain.id) as Record<string, unknown>;
      expect(intro).toMatchObject({
        label: 'Intro',
        preview: true,
        unlocked: 1,
        content: '<p>Secret content</p>',
      });
      expect((intro.chapter_videos as unknown[]).length).toBe(1);
      expect((intro.chapter_links as unknown[]).length).toBe(1);
      // the sub-chapter of a preview chapter is a preview too
      expect(intro.sub_chapters[0]).toMatchObject({ label: 'Intro 2', preview: true, unlocked: 1 });
      expect(paid).toMatchObject({
        label: 'Paid',
        preview: false,
        unlocked: 0,
        content: '',
        description: '',
      });
      expect([paid.chapter_videos, paid.chapter_docs, paid.chapter_links]).toEqual([[], [], []]);
      expect(JSON.stringify(outline)).not.toContain(w.plainMedia.video);
    }
    expect(await status('guest', '/api/chapters/seminar-preview/999999')).toBe(404);
  });

  it("the side menu: owners see each own flag, players the flag as applied (the parent's included)", async () => {
    const w = await world();
    const flags = async (who: 'owner' | 'booked') => {
      const menu = (await as[who].get(`/api/chapters?seminar_id=${w.s.id}`)).json() as {
        id: number;
        preview: boolean;
        sub_chapters: { preview: boolean }[];
      }[];
      return menu.map((c) => [c.preview, c.sub_chapters.map((s) => s.preview)]);
    };
    expect(await flags('owner')).toEqual([
      [true, [false]],
      [false, []],
    ]);
    expect(await flags('booked')).toEqual([
      [true, [true]],
      [false, []],
    ]);
  });

  it('a not-booked student still may not list the booked tree nor mark a preview done', async () => {
    const w = await world();
    expect(await status('student', `/api/chapters/seminar-booked/${w.s.id}`)).toBe(403);
    const done = await as.student.patch('/api/chapters/toggle/user', { chapterUser: w.preview.id });
    expect(done.statusCode).toBe(403);
  });

  it('the owner sets the flag through create and update; omitted on update it stays', async () => {
    const s = await fx.seminar(ids.trainer);
    const made = await as.owner.post('/api/chapters', { seminar_id: s.id, label: 'Free', preview: true });
    expect(made.statusCode).toBe(201);
    expect(made.json().preview).toBe(true);
    const id = made.json().id as number;
    const kept = await as.owner.patch('/api/chapters/update', { id, label: 'Free 2' });
    expect([kept.statusCode, kept.json().preview]).toEqual([200, true]);
    const off = await as.owner.patch('/api/chapters/update', { id, label: 'Paid', preview: false });
    expect(off.json().preview).toBe(false);
    const plain = await as.owner.post('/api/chapters', { seminar_id: s.id, label: 'Default' });
    expect(plain.json().preview).toBe(false);
    const bad = await as.owner.post('/api/chapters', { seminar_id: s.id, label: 'X', preview: 'yes' });
    expect(bad.statusCode).toBe(422);
  });
});
