import type { OwnerRow, RunDto, StartedRun, StudentRow } from '@elearn/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mcTests } from '../../db/schema/index.ts';
import { type Agent, buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { mcTestFixtures } from '../../test/mc-test-fixtures.ts';

type Made = Awaited<ReturnType<ReturnType<typeof mcTestFixtures>['bookedTest']>>;

/**
 * The owner's `visible` of a run (issue 37 item 5): 1 exactly when its learner may see more of it
 * than the score now, by the test's review policy, the same rule as the learner's own result and
 * history (mcTestPolicy.review), in the owner history (own page, filtered page, admin page), the
 * test's runs and the answer of a confirmation.
 */
describe('the owner sees which runs their learners may review', () => {
  let clock = Date.parse('2026-06-01T08:00:00Z');
  let t: TestApp;
  let mx: ReturnType<typeof mcTestFixtures>;
  let trainer: Agent;
  let trainerId: number;
  let admin: Agent;
  let student: Agent;
  let studentId: number;
  let emails: string[];

  beforeAll(async () => {
    t = await buildTestApp({ rateLimitFactor: 100 }, { now: () => clock });
    mx = mcTestFixtures(t.app);
    const [tr, ad, s1] = await Promise.all([
      t.make.user({ scopes: ['trainer'] }),
      t.make.user({ scopes: ['admin'] }),
      t.make.user(),
    ]);
    trainerId = tr.id;
    studentId = s1.id;
    emails = [tr.email, ad.email, s1.email];
  });
  // the clock moves by hours: fresh sessions for each case
  beforeEach(async () => {
    [trainer, admin, student] = await Promise.all([
      t.loginAs(emails[0]!),
      t.loginAs(emails[1]!),
      t.loginAs(emails[2]!),
    ]);
  });
  afterAll(() => t.close());

  const minutes = (n: number) => n * 60_000;
  const setTest = (id: number, values: Partial<typeof mcTests.$inferInsert>) =>
    t.app.database.db.update(mcTests).set(values).where(eq(mcTests.id, id));
  const started = async (id: number) => {
    const res = await student.post('/api/graduate/startTest/', { id });
    expect([200, 201]).toContain(res.statusCode);
    return res.json() as StartedRun;
  };
  /** a run stopped with every question answered right (or wrong) */
  const finished = async (made: Made, right: boolean) => {
    const run = await started(made.test.id);
    const correct = new Map(made.questions.flatMap((q) => q.answers.map((a) => [a.id, a.correct] as const)));
    const questions = run.questions.map((q) => ({
      questionId: q.id,
      answerIds: q.answers.filter((a) => correct.get(a.id) === right).map((a) => a.id),
    }));
    const res = await student.patch('/api/graduate/stopTest/', {
      resultSet: { userGraduateId: run.user_graduate_id, questions },
    });
    expect(res.statusCode).toBe(200);
    return run.user_graduate_id;
  };
  const test = (mode: 'exam' | 'practice' = 'exam') =>
    mx.bookedTest(trainerId, [studentId], { questions: 2, percent: 100, mode });

  /** per run of the test: [the owner's visible in each owner view, whether the learner's history shows a review] */
  const views = async (testId: number) => {
    const own = (await trainer.get('/api/graduate/history/owner?per_page=100')).json().data as OwnerRow[];
    const filtered = (
      await trainer.get(`/api/graduate/history/owner?per_page=100&mc_test_id=${testId}`)
    ).json().data as OwnerRow[];
    const all = (await admin.get(`/api/graduate/history/owner?per_page=100&mc_test_id=${testId}`)).json()
      .data as OwnerRow[];
    const runs = (await trainer.get(`/api/mc_tests/${testId}/usergraduate`)).json()
      .user_graduate_mctests as RunDto[];
    const learner = (await student.get('/api/graduate/history/student?per_page=100')).json()
      .data as StudentRow[];
    const ofTest = own.filter((r) => r.id === testId);
    expect(ofTest.length).toBeGreaterThan(0);
    return ofTest.map((row) => {
      const id = row.user_graduate_id;
      return {
        id,
        visible: [
          row.visible,
          filtered.find((r) => r.user_graduate_id === id)?.visible,
          all.find((r) => r.user_graduate_id === id)?.visible,
          runs.find((r) => r.id === id)?.visible,
        ],
        learnerReview: learner.find((r) => r.id === id)?.result != null,
      };
    });
  };
  /** every owner view says `visible` for the run, and the learner's history agrees */
  const expectVisible = async (testId: number, runId: number, visible: 0 | 1) => {
    const row = (await views(testId)).find((v) => v.id === runId);
    expect(row).toEqual({
      id: runId,
      visible: [visible, visible, visible, visible],
      learnerReview: visible === 1,
    });
  };

  it('keeps each mode’s default: a finished exam run 0, a finished practice run 1, an open run 0', async () => {
    const exam = await test();
    await expectVisible(exam.test.id, await finished(exam, true), 0);
    const practice = await test('practice');
    await expectVisible(practice.test.id, await finished(practice, false), 1);
    const open = await started(practice.test.id);
    await expectVisible(practice.test.id, open.user_graduate_id, 0);
  });

  it('follows the content: an exam showing rightness 1, a practice test showing the score only 0', async () => {
    const exam = await test();
    await setTest(exam.test.id, { reviewContent: 'rightness', reviewWhen: 'immediately' });
    await expectVisible(exam.test.id, await finished(exam, false), 1);
    const practice = await test('practice');
    await setTest(practice.test.id, { reviewContent: 'score' });
    await expectVisible(practice.test.id, await finished(practice, true), 0);
  });

  it('after passing: 0 while the learner has not passed, then 1 for every run of the test', async () => {
    const exam = await test();
    await setTest(exam.test.id, { reviewContent: 'full', reviewWhen: 'after_passing' });
    await trainer.post(`/api/mc_tests/${exam.test.id}/grant-run`, { userId: studentId });
    const failed = await finished(exam, false);
    await expectVisible(exam.test.id, failed, 0);
    const passed = await finished(exam, true);
    await expectVisible(exam.test.id, passed, 1);
    await expectVisible(exam.test.id, failed, 1);
    // the confirmation answers the same row
    const confirmed = await trainer.patch('/api/graduate/confirm', { userGraduateId: passed });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ user_graduate_id: passed, passed: 1, visible: 1 });
  });

  it('after the close: 0 before it, 1 from it on (the server’s clock at each read)', async () => {
    const exam = await test();
    const closes = clock + minutes(30);
    await setTest(exam.test.id, {
      reviewContent: 'rightness',
      reviewWhen: 'after_close',
      closesAt: new Date(closes),
    });
    const runId = await finished(exam, true);
    clock = closes - 1_000;
    await expectVisible(exam.test.id, runId, 0);
    const before = await trainer.patch('/api/graduate/confirm', { userGraduateId: runId });
    expect(before.json()).toMatchObject({ visible: 0 });
    clock = closes;
    await expectVisible(exam.test.id, runId, 1);
    clock += minutes(60);
  });
});
