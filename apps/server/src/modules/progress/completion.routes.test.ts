import type { SeminarProgressDetailDto } from '@elearn/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answers, certificates, chapterUsers, seminarCompletions } from '../../db/schema/index.ts';
import { type Agent, buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { seminarFixtures } from '../../test/fixtures.ts';
import { mcTestRows } from '../../test/mc-test-fixtures.ts';
import { catchUpCompletions } from './use-cases/catch-up-completions.ts';

/**
 * Issue 36 item 3: completion is decided by the write that changes a fact (a chapter marked done, a
 * video passing its coverage rule, a test run stopped, a graduation confirmed), dated at that
 * write; every read only reads; the company's employee view counts as the learner's pages do.
 */
describe('completion decided when something changes (issue 36 item 3)', () => {
  // the app's clock: moved on by the tests in steps of minutes (sessions stay valid)
  let clock = Date.now();
  let t: TestApp;
  let fx: ReturnType<typeof seminarFixtures>;
  let mx: ReturnType<typeof mcTestRows>;
  let trainerId: number;
  let trainer: Agent;
  let company: { id: number; shortName: string };
  let manager: Agent;
  let learnerId: number;
  let learner: Agent;

  beforeAll(async () => {
    t = await buildTestApp({ rateLimitFactor: 100 }, { now: () => clock });
    fx = seminarFixtures(t.app);
    mx = mcTestRows(t.app.database.db);
    const tr = await t.make.user({ scopes: ['trainer'] });
    trainerId = tr.id;
    trainer = await t.loginAs(tr.email);
    company = await t.make.company('Completion AG');
    const m = await t.make.user({ scopes: ['corporateTraining'] });
    const l = await t.make.user();
    await t.make.member(company.id, m.id, true);
    await t.make.member(company.id, l.id);
    learnerId = l.id;
    [manager, learner] = await Promise.all([t.loginAs(m.email), t.loginAs(l.email)]);
  });
  afterAll(() => t.close());

  /** moves the clock on by some minutes; answers the new time */
  const later = (minutes: number) => {
    clock += minutes * 60_000;
    return new Date(clock).toISOString();
  };
  const detail = async (seminarId: number) => {
    const res = await learner.get(`/api/progress/seminars/${seminarId}`);
    expect(res.statusCode).toBe(200);
    return res.json() as SeminarProgressDetailDto;
  };
  const mark = (chapterId: number) =>
    learner.patch('/api/chapters/toggle/user', { chapterUser: chapterId, done: true });
  const settings = (seminarId: number, body: object) =>
    trainer.request({ method: 'PUT', url: `/api/progress/seminars/${seminarId}/settings`, payload: body });

  /** starts a run of the test through the API and stops it with the right (or wrong) answers */
  async function takeTest(testId: number, right: boolean) {
    const started = await learner.post('/api/graduate/startTest', { id: testId });
    expect(started.statusCode).toBe(201);
    const run = started.json() as {
      user_graduate_id: number;
      questions: { id: number; answers: { id: number }[] }[];
    };
    const rows = await t.app.database.db
      .select({ id: answers.id, correct: answers.correct })
      .from(answers)
      .where(
        inArray(
          answers.id,
          run.questions.flatMap((q) => q.answers.map((a) => a.id)),
        ),
      );
    const correct = new Set(rows.filter((r) => r.correct).map((r) => r.id));
    const stopped = await learner.patch('/api/graduate/stopTest', {
      resultSet: {
        userGraduateId: run.user_graduate_id,
        questions: run.questions.map((q) => ({
          questionId: q.id,
          answerIds: q.answers.filter((a) => correct.has(a.id) === right).map((a) => a.id),
        })),
      },
    });
    expect(stopped.statusCode).toBe(200);
    return run.user_graduate_id;
  }

  /** the stored completions and certificates (the tables a read must never change) */
  async function snapshot() {
    const db = t.app.database.db;
    const [c] = await db
      .select({
        n: sql<number>`count(*)::int`,
        last: sql<string>`max(${seminarCompletions.completedAt})::text`,
      })
      .from(seminarCompletions);
    const [k] = await db.select({ n: sql<number>`count(*)::int` }).from(certificates);
    return { completions: c!.n, last: c!.last, certificates: k!.n };
  }

  it('a chapter marked done completes the seminar, dated at the mark; later reads keep that date', async () => {
    const s = await fx.seminar(trainerId, { bookedBy: [learnerId] });
    const c1 = await fx.chapter(s.id);
    const c2 = await fx.chapter(s.id);
    later(7);
    expect((await mark(c1.id)).statusCode).toBe(200);
    expect((await detail(s.id)).completed_at).toBeNull();
    const when = later(7);
    expect((await mark(c2.id)).statusCode).toBe(200);
    later(7);
    const d = await detail(s.id);
    expect(d.completed_at).toBe(when);
    expect(d.certificate?.issued_at).toBe(when);
    // unmarking a chapter does not take the completion (or its certificate) back
    await learner.patch('/api/chapters/toggle/user', { chapterUser: c2.id, done: false });
    expect((await detail(s.id)).completed_at).toBe(when);
  });

  it('a video passing its coverage rule completes the seminar, dated at the save', async () => {
    const s = await fx.seminar(trainerId, { bookedBy: [learnerId] });
    const c = await fx.chapter(s.id);
    const v = await fx.video(c.id);
    expect(
      (await settings(s.id, { hours: null, require_confirmation: false, video_done_chapter_ids: [c.id] }))
        .statusCode,
    ).toBe(200);
    later(7);
    const save = (body: object) => learner.post(`/api/progress/videos/${v.id}/position`, body);
    expect((await save({ position: 89, duration: 100, segments: [[0, 89]] })).statusCode).toBe(204);
    expect((await detail(s.id)).completed_at).toBeNull();
    const when = later(7);
    expect((await save({ position: 90, duration: 100, segments: [[89, 90]] })).statusCode).toBe(204);
    later(7);
    expect((await detail(s.id)).completed_at).toBe(when);
  });

  it('an accomplished test run completes the seminar at its stop; a failed one does not', async () => {
    const s = await fx.seminar(trainerId, { bookedBy: [learnerId] });
    const c = await fx.chapter(s.id);
    const { test } = await mx.test(trainerId, { chapterId: c.id, mode: 'practice' });
    later(7);
    await mark(c.id);
    later(7);
    await takeTest(test.id, false);
    expect((await detail(s.id)).completed_at).toBeNull();
    const when = later(7);
    await takeTest(test.id, true);
    later(7);
    expect((await detail(s.id)).completed_at).toBe(when);
  });

  it('a confirmed graduation completes the seminar at the confirmation, when the seminar asks for one', async () => {
    const s = await fx.seminar(trainerId, { bookedBy: [learnerId] });
    const c = await fx.chapter(s.id);
    const { test } = await mx.test(trainerId, { chapterId: c.id });
    await settings(s.id, { hours: null, require_confirmation: true, video_done_chapter_ids: [] });
    later(7);
    await mark(c.id);
    later(7);
    const runId = await takeTest(test.id, true);
    expect((await detail(s.id)).completed_at).toBeNull();
    const when = later(7);
    expect((await trainer.patch('/api/graduate/confirm', { userGraduateId: runId })).statusCode).toBe(200);
    later(7);
    expect((await detail(s.id)).completed_at).toBe(when);
  });

  it('no read writes: a learner complete by the rule but never stored stays so on every page, until the catch-up', async () => {
    const s = await fx.seminar(trainerId, { bookedBy: [learnerId] });
    const c = await fx.chapter(s.id);
    // a done mark stored before completion was decided by writes (no completion evaluated)
    const doneAt = new Date('2026-02-01T07:30:00.000Z');
    await t.app.database.db.insert(chapterUsers).values({ chapterId: c.id, userId: learnerId, doneAt });
    later(7);
    const before = await snapshot();
    const reads = [
      await learner.get(`/api/progress/seminars/${s.id}`),
      await learner.get('/api/progress/seminars'),
      await learner.get('/api/learn'),
      await learner.get('/api/certificates'),
      await trainer.get(`/api/progress/seminars/${s.id}/learners`),
    ];
    expect(reads.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(reads[0]!.json()).toMatchObject({ percent: 100, completed_at: null, certificate: null });
    expect(await snapshot()).toEqual(before);

    // the one-off catch-up stores it, dated at the last fact that decided it; a second run none
    expect(await catchUpCompletions(t.app.database.db, () => clock)).toBeGreaterThanOrEqual(1);
    expect((await detail(s.id)).completed_at).toBe(doneAt.toISOString());
    expect(await catchUpCompletions(t.app.database.db, () => clock)).toBe(0);
    const [stored] = await t.app.database.db
      .select()
      .from(seminarCompletions)
      .where(and(eq(seminarCompletions.userId, learnerId), eq(seminarCompletions.seminarId, s.id)));
    expect(stored!.completedAt.toISOString()).toBe(doneAt.toISOString());
  });

  it("the company's employee view counts chapters as the learner's page does (locked chapters, video rules)", async () => {
    const s = await fx.seminar(trainerId);
    const byVideo = await fx.chapter(s.id);
    const v = await fx.video(byVideo.id);
    await fx.chapter(s.id, { unlocked: false });
    await settings(s.id, { hours: null, require_confirmation: false, video_done_chapter_ids: [byVideo.id] });
    expect(
      (await manager.post('/api/companies/booking/free', { seminarId: s.id, companyId: company.id }))
        .statusCode,
    ).toBe(201);
    expect(
      (
        await manager.post('/api/companies/assign-seminar', {
          seminarId: s.id,
          companyId: company.id,
          users: [learnerId],
        })
      ).statusCode,
    ).toBeLessThan(300);
    // a done mark on a chapter done by its video, a locked chapter: before, the employee view
    // counted 1 of 2 where the learner saw 0 of 1
    await mark(byVideo.id);
    const employeeView = async () => {
      const rows = (await manager.get(`/api/companies/${company.id}/users`)).json().data as {
        id: number;
        seminars: { seminar: { id: number }; chapters_total: number; chapters_done: number }[];
      }[];
      return rows.find((r) => r.id === learnerId)!.seminars.find((x) => x.seminar.id === s.id)!;
    };
    let d = await detail(s.id);
    expect(d).toMatchObject({ chapters_total: 1, chapters_done: 0 });
    expect(await employeeView()).toMatchObject({ chapters_total: 1, chapters_done: 0 });
    await learner.post(`/api/progress/videos/${v.id}/position`, {
      position: 95,
      duration: 100,
      segments: [[0, 95]],
    });
    d = await detail(s.id);
    expect(d).toMatchObject({ chapters_total: 1, chapters_done: 1 });
    expect(d.completed_at).not.toBeNull();
    expect(await employeeView()).toMatchObject({ chapters_total: 1, chapters_done: 1 });
  });
});
