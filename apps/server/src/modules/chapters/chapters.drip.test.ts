import { dripOpensAt, localDateOf } from '@elearn/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chapters, enrolments } from '../../db/schema/index.ts';
import { type Agent, buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { companyFixtures } from '../../test/company-fixtures.ts';
import { seminarFixtures } from '../../test/fixtures.ts';

interface Entry {
  id: number;
  unlocked: number;
  content: string;
  available_after_days: number | null;
  available_at: string | null;
  chapter_docs: unknown[];
  sub_chapters: Entry[];
}
const find = (tree: Entry[], id: number) =>
  tree.flatMap((c) => [c, ...c.sub_chapters]).find((c) => c.id === id) as Entry;

const HOUR = 3_600_000;
/** the start of today in Zurich (yesterday's day + 1) and 23:30 Zurich time yesterday */
const startOfTodayZurich = () => dripOpensAt(new Date(Date.now() - 24 * HOUR), 1)!;

/**
 * Issue 36 item 5: a chapter "available N days after booking" opens to a learner at the start of
 * the N-th Zurich calendar day after their first grant of the seminar; owners see everything.
 */
describe('drip: chapters open N days after the first grant', () => {
  let t: TestApp;
  let owner: Agent;
  let learner: Agent;
  let learnerId: number;
  let seminarId: number;
  let ids: { d1: number; d2: number; d2Sub: number; plain: number; d2Doc: number; d1Doc: number };
  let grantAt: Date;
  let linkToken: string;

  beforeAll(async () => {
    t = await buildTestApp();
    const fx = seminarFixtures(t.app);
    const db = t.app.database.db;
    const trainer = await t.make.user({ scopes: ['trainer'] });
    const s = await t.make.user();
    const employee = await t.make.user();
    learnerId = s.id;
    owner = await t.loginAs(trainer.email);
    learner = await t.loginAs(s.email);
    const seminar = await fx.seminar(trainer.id, { bookedBy: [s.id] });
    seminarId = seminar.id;
    const plain = await fx.chapter(seminarId, { position: 0 });
    const d1 = await fx.chapter(seminarId, { position: 1 });
    const d2 = await fx.chapter(seminarId, { position: 2 });
    const d2Sub = await fx.chapter(seminarId, { parentId: d2.id, position: 0 });
    ids = {
      plain: plain.id,
      d1: d1.id,
      d2: d2.id,
      d2Sub: d2Sub.id,
      d1Doc: (await fx.doc(d1.id)).id,
      d2Doc: (await fx.doc(d2Sub.id)).id,
    };
    // the owner sets the days through the API
    for (const [id, days] of [
      [d1.id, 1],
      [d2.id, 2],
    ] as const) {
      const res = await owner.patch('/api/chapters/update', {
        id,
        label: `Drip ${days}`,
        content: '<p>Secret content</p>',
        available_after_days: days,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ available_after_days: days, available_at: null });
    }
    // the grant at 23:30 Zurich time yesterday: day 1 opened at midnight (not 24 hours later),
    // day 2 opens at the coming midnight in Zurich
    grantAt = new Date(startOfTodayZurich().getTime() - HOUR / 2);
    await db.update(enrolments).set({ grantedAt: grantAt }).where(eq(enrolments.userId, s.id));
    // a later grant of the same seminar (a company assignment) does not move day zero
    const company = await t.make.company();
    await t.make.member(company.id, s.id);
    await t.make.member(company.id, employee.id);
    const { assigned } = await companyFixtures(t.app).booking(company.id, seminarId, [s.id, employee.id]);
    const employeeGrant = assigned.find((a) => a.userId === employee.id) ?? assigned[1]!;
    linkToken = (await companyFixtures(t.app).link(employeeGrant.bookingId)).token;
    await db
      .update(enrolments)
      .set({ grantedAt: grantAt })
      .where(and(eq(enrolments.userId, employee.id), eq(enrolments.seminarId, seminarId)));
  });
  afterAll(() => t.close());

  it('dates each chapter in the learner tree from the first grant, in Zurich calendar days', async () => {
    const res = await learner.get(`/api/chapters/seminar-booked/${seminarId}`);
    expect(res.statusCode).toBe(200);
    const tree = res.json() as Entry[];
    const today = startOfTodayZurich();
    const tomorrow = dripOpensAt(grantAt, 2)!;
    expect(localDateOf(new Date(tomorrow.getTime() - 1))).toBe(localDateOf(today));
    expect(find(tree, ids.plain)).toMatchObject({ unlocked: 1, available_at: null });
    expect(find(tree, ids.d1)).toMatchObject({
      unlocked: 1,
      available_after_days: 1,
      available_at: today.toISOString(),
      content: '<p>Secret content</p>',
    });
    expect(find(tree, ids.d2)).toMatchObject({
      unlocked: 0,
      available_at: tomorrow.toISOString(),
      content: '',
      chapter_docs: [],
    });
    // a sub-chapter of a chapter drip has not opened waits for its parent
    expect(find(tree, ids.d2Sub)).toMatchObject({ unlocked: 0, available_at: tomorrow.toISOString() });
  });

  it('refuses a chapter drip has not opened (done mark, files) in both languages', async () => {
    const done = await learner.patch('/api/chapters/toggle/user', { chapterUser: ids.d2Sub, done: true });
    expect(done.statusCode).toBe(403);
    const date = localDateOf(dripOpensAt(grantAt, 2)!);
    expect(done.json()).toMatchObject({
      code: 'chapter.not_yet_open',
      message: `Dieses Kapitel ist noch nicht verfügbar: es öffnet am ${date}.`,
    });
    learner.lang = 'en';
    const en = await learner.get(`/api/chapters/doc/${ids.d2Doc}/download`);
    learner.lang = 'de';
    expect(en.statusCode).toBe(403);
    expect(en.json().message).toBe(`This chapter is not available yet: it opens on ${date}.`);
    expect((await learner.get(`/api/chapters/doc/${ids.d1Doc}/download`)).statusCode).toBe(200);
    const ok = await learner.patch('/api/chapters/toggle/user', { chapterUser: ids.d1, done: true });
    expect(ok.statusCode).toBe(200);
  });

  it('shows it locked in the side menu and leaves it out of the to-dos', async () => {
    const menu = (await learner.get(`/api/chapters?seminar_id=${seminarId}`)).json() as Entry[];
    expect(find(menu, ids.d2).unlocked).toBe(0);
    expect(find(menu, ids.d2Sub).unlocked).toBe(0);
    expect(find(menu, ids.d1).unlocked).toBe(1);
    const todos = (await learner.get('/api/todos')).json() as {
      seminar: { id: number };
      open_chapters: { id: number }[];
    }[];
    const open = todos.find((x) => x.seminar.id === seminarId)?.open_chapters.map((c) => c.id) ?? [];
    expect(open).toContain(ids.plain);
    expect(open).not.toContain(ids.d2);
    expect(open).not.toContain(ids.d2Sub);
  });

  it('counts from the link employee’s first grant for an access link', async () => {
    const guest = t.agent();
    const res = await guest.get(`/api/companies/access-link/${linkToken}`);
    expect(res.statusCode).toBe(200);
    const tree = res.json().chapters as Entry[];
    expect(find(tree, ids.d1)).toMatchObject({
      unlocked: 1,
      available_at: startOfTodayZurich().toISOString(),
    });
    expect(find(tree, ids.d2Sub)).toMatchObject({ unlocked: 0, content: '' });
    const q = `?access_link=${linkToken}`;
    const locked = await guest.get(`/api/chapters/doc/${ids.d2Doc}/download${q}`);
    expect(locked.statusCode).toBe(403);
    expect(locked.json().code).toBe('chapter.not_yet_open');
    expect((await guest.get(`/api/chapters/doc/${ids.d1Doc}/download${q}`)).statusCode).toBe(200);
  });

  it('shows the owner everything, undated', async () => {
    const tree = (await owner.get(`/api/chapters/seminar-booked/${seminarId}`)).json() as Entry[];
    expect(find(tree, ids.d2Sub)).toMatchObject({
      unlocked: 1,
      available_at: null,
      content: '<p>Secret content</p>',
    });
    expect(find(tree, ids.d2).available_after_days).toBe(2);
    expect((await owner.get(`/api/chapters/doc/${ids.d2Doc}/download`)).statusCode).toBe(200);
  });

  it('opens a chapter once its day has come (a grant 00:30 Zurich time, two days ago)', async () => {
    const db = t.app.database.db;
    const earlier = new Date(startOfTodayZurich().getTime() - 48 * HOUR + HOUR / 2);
    await db.update(enrolments).set({ grantedAt: earlier }).where(eq(enrolments.userId, learnerId));
    const tree = (await learner.get(`/api/chapters/seminar-booked/${seminarId}`)).json() as Entry[];
    expect(find(tree, ids.d2Sub)).toMatchObject({ unlocked: 1, content: '<p>Secret content</p>' });
    const done = await learner.patch('/api/chapters/toggle/user', { chapterUser: ids.d2Sub, done: true });
    expect(done.statusCode).toBe(200);
    // a manual lock still wins over an open drip date
    await db.update(chapters).set({ unlocked: 0 }).where(eq(chapters.id, ids.d2));
    await owner.patch('/api/chapters/update', { id: ids.d2, label: 'Drip 2', available_after_days: 2 });
    const again = await learner.patch('/api/chapters/toggle/user', { chapterUser: ids.d2Sub, done: false });
    expect(again.json().code).toBe('chapter.locked');
  });
});

describe('drip days: the owner sets them', () => {
  let t: TestApp;
  let owner: Agent;
  let seminarId: number;
  let chapterId: number;
  beforeAll(async () => {
    t = await buildTestApp();
    const trainer = await t.make.user({ scopes: ['trainer'] });
    owner = await t.loginAs(trainer.email);
    seminarId = (await seminarFixtures(t.app).seminar(trainer.id)).id;
    const created = await owner.post('/api/chapters', { seminar_id: seminarId, label: 'Eins' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ available_after_days: null, available_at: null });
    chapterId = created.json().id;
  });
  afterAll(() => t.close());

  it('accepts 0..3650 and null on create and update, omitted = unchanged', async () => {
    const c = await owner.post('/api/chapters', {
      seminar_id: seminarId,
      label: 'Zwei',
      available_after_days: 3650,
    });
    expect(c.statusCode).toBe(201);
    expect(c.json().available_after_days).toBe(3650);
    let u = await owner.patch('/api/chapters/update', {
      id: chapterId,
      label: 'Eins',
      available_after_days: 0,
    });
    expect(u.json().available_after_days).toBe(0);
    u = await owner.patch('/api/chapters/update', { id: chapterId, label: 'Eins', available_after_days: 7 });
    expect(u.json().available_after_days).toBe(7);
    u = await owner.patch('/api/chapters/update', { id: chapterId, label: 'Eins!' });
    expect(u.json().available_after_days).toBe(7);
    u = await owner.patch('/api/chapters/update', {
      id: chapterId,
      label: 'Eins',
      available_after_days: null,
    });
    expect(u.json().available_after_days).toBeNull();
  });

  const rejections: [string, unknown, string, string][] = [
    ['negative', -1, 'Muss mindestens 0 sein.', 'Must be at least 0.'],
    ['above 3650', 3651, 'Darf höchstens 3650 sein.', 'May be at most 3650.'],
    ['a fraction', 1.5, 'Muss eine ganze Zahl sein.', 'Must be a whole number.'],
    ['a string', '5', 'Muss eine ganze Zahl sein.', 'Must be a whole number.'],
    ['a boolean', true, 'Muss eine ganze Zahl sein.', 'Must be a whole number.'],
  ];
  for (const [what, value, de, en] of rejections) {
    it(`refuses ${what} with 422 in both languages`, async () => {
      const create = await owner.post('/api/chapters', {
        seminar_id: seminarId,
        label: 'X',
        available_after_days: value,
      });
      expect(create.statusCode).toBe(422);
      expect(create.json().errors.available_after_days).toEqual([de]);
      owner.lang = 'en';
      const update = await owner.patch('/api/chapters/update', {
        id: chapterId,
        label: 'X',
        available_after_days: value,
      });
      owner.lang = 'de';
      expect(update.statusCode).toBe(422);
      expect(update.json().errors.available_after_days).toEqual([en]);
    });
  }
});
