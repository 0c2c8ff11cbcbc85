import type { StartedRun } from '@elearn/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, mcTests, userGraduateMctests, userGraduateResults } from '../../db/schema/index.ts';
import { type Agent, buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { mcTestFixtures } from '../../test/mc-test-fixtures.ts';

type Made = Awaited<ReturnType<ReturnType<typeof mcTestFixtures>['bookedTest']>>;

/** issue 37 items 1 and 2: time limits, deadlines, grants of time, answers saved as given */
describe('timed runs and answers saved as given', () => {
  // the server's clock, moved by the tests
  let clock = Date.parse('2026-03-02T09:00:00Z');
  let t: TestApp;
  let mx: ReturnType<typeof mcTestFixtures>;
  let trainer: Agent;
  let trainerId: number;
  let other: Agent;
  let student: Agent;
  let studentId: number;
  let studentEmail: string;
  let student2: Agent;
  let student2Id: number;

  beforeAll(async () => {
    t = await buildTestApp({ rateLimitFactor: 100 }, { now: () => clock });
    mx = mcTestFixtures(t.app);
    const tr = await t.make.user({ scopes: ['trainer'] });
    const ot = await t.make.user({ scopes: ['trainer'] });
    const s1 = await t.make.user();
    const s2 = await t.make.user();
    trainerId = tr.id;
    studentId = s1.id;
    studentEmail = s1.email;
    student2Id = s2.id;
    [trainer, other, student, student2] = await Promise.all([
      t.loginAs(tr.email),
      t.loginAs(ot.email),
      t.loginAs(s1.email),
      t.loginAs(s2.email),
    ]);
  });
  afterAll(() => t.close());

  const minutes = (n: number) => n * 60_000;
  const start = async (agent: Agent, id: number) => {
    const res = await agent.post('/api/graduate/startTest/', { id });
    expect([200, 201]).toContain(res.statusCode);
    return res.json() as StartedRun;
  };
  const save = (agent: Agent, runId: number, questionId: number, answerIds: number[]) =>
    agent.put(`/api/graduate/runs/${runId}/answers/${questionId}`, { answerIds });
  const stop = (agent: Agent, userGraduateId: number, qs: { questionId: number; answerIds: number[] }[]) =>
    agent.patch('/api/graduate/stopTest/', { resultSet: { userGraduateId, questions: qs } });
  /** the answers of a question chosen right or wrong */
  const pick = (made: Made, run: StartedRun, i: number, right: boolean) => {
    const correct = new Map(made.questions.flatMap((q) => q.answers.map((a) => [a.id, a.correct] as const)));
    const q = run.questions[i]!;
    return {
      questionId: q.id,
      answerIds: q.answers.filter((a) => correct.get(a.id) === right).map((a) => a.id),
    };
  };
  const allRight = (made: Made, run: StartedRun) => run.questions.map((_, i) => pick(made, run, i, true));
  const timedTest = async (limit: number, studentIds = [studentId]) => {
    const made = await mx.bookedTest(trainerId, studentIds, { questions: 4, percent: 50 });
    await t.app.database.db
      .update(mcTests)
      .set({ timeLimitMinutes: limit })
      .where(eq(mcTests.id, made.test.id));
    return made;
  };

  it('takes a time limit of 1 to 600 minutes or none, refused otherwise with a message in both languages', async () => {
    const created = await trainer.post('/api/mc_tests', {
      label: 'Zeitprüfung',
      percent_to_accomplish: 50,
      mode: 'exam',
      time_limit_minutes: 45,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().time_limit_minutes).toBe(45);
    const id = created.json().id as number;
    const base = { id, label: 'Zeitprüfung', percent_to_accomplish: 50, mode: 'exam' };
    // absent: unchanged; null: no limit
    expect((await trainer.patch('/api/mc_tests/update', base)).json().time_limit_minutes).toBe(45);
    const cleared = await trainer.patch('/api/mc_tests/update', { ...base, time_limit_minutes: null });
    expect(cleared.json().time_limit_minutes).toBeNull();
    const none = await trainer.post('/api/mc_tests', {
      label: 'Ohne',
      percent_to_accomplish: 50,
      mode: 'exam',
    });
    expect(none.json().time_limit_minutes).toBeNull();
    for (const bad of [0, 601, 1.5, '30']) {
      const r = await trainer.patch('/api/mc_tests/update', { ...base, time_limit_minutes: bad });
      expect(`${bad}: ${r.statusCode}`).toBe(`${bad}: 422`);
      expect(r.json().errors.time_limit_minutes).toBeDefined();
    }
    const de = await trainer.post('/api/mc_tests', { ...base, id: undefined, time_limit_minutes: 601 });
    expect(de.statusCode).toBe(422);
    expect(de.json().errors.time_limit_minutes[0]).toBe('Darf höchstens 600 sein.');
    trainer.lang = 'en';
    const en = await trainer.patch('/api/mc_tests/update', { ...base, time_limit_minutes: 0 });
    trainer.lang = 'de';
    expect(en.json().errors.time_limit_minutes[0]).toBe('Must be at least 1.');
  });

  it('fixes the deadline at the start on the server clock; a resume returns it, the answers and the server time', async () => {
    const made = await timedTest(20);
    // the learner sees the limit before starting
    const assigned = (await student.get('/api/mc_tests/user/assigned')).json() as { id: number }[];
    expect(assigned.find((a) => a.id === made.test.id)).toMatchObject({ time_limit_minutes: 20 });
    const run = await start(student, made.test.id);
    expect(run.deadline).toBe(new Date(clock + minutes(20)).toISOString());
    expect(run.now).toBe(new Date(clock).toISOString());
    expect(run.answers).toEqual([]);
    const [q0, q1] = [pick(made, run, 0, true), pick(made, run, 1, false)];
    expect((await save(student, run.user_graduate_id, q0.questionId, q0.answerIds)).statusCode).toBe(200);
    // the same answer twice: the same state (PUT)
    const again = await save(student, run.user_graduate_id, q0.questionId, q0.answerIds);
    expect(again.json()).toMatchObject({
      question_id: q0.questionId,
      answer_ids: q0.answerIds,
      deadline: run.deadline,
    });
    await save(student, run.user_graduate_id, q1.questionId, q1.answerIds);
    // a change of the limit does not move a started run's deadline
    await t.app.database.db.update(mcTests).set({ timeLimitMinutes: 5 }).where(eq(mcTests.id, made.test.id));
    clock += minutes(3);
    // another device (a second session) resumes the same run with the same answers and time
    const device2 = await t.loginAs(studentEmail);
    const resumed = await start(device2, made.test.id);
    expect(resumed).toMatchObject({
      user_graduate_id: run.user_graduate_id,
      resumed: true,
      deadline: run.deadline,
    });
    expect(resumed.now).toBe(new Date(clock).toISOString());
    expect(resumed.answers).toEqual([
      { question_id: q0.questionId, answer_ids: q0.answerIds },
      { question_id: q1.questionId, answer_ids: q1.answerIds },
    ]);
    await stop(student, run.user_graduate_id, allRight(made, run));
  });

  it('refuses a save after the deadline and scores a stop after deadline + 30 s on the saved answers only', async () => {
    const made = await timedTest(1);
    const run = await start(student, made.test.id);
    const first = pick(made, run, 0, true);
    expect((await save(student, run.user_graduate_id, first.questionId, first.answerIds)).statusCode).toBe(
      200,
    );
    clock += minutes(1);
    const late = pick(made, run, 1, true);
    const refused = await save(student, run.user_graduate_id, late.questionId, late.answerIds);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'mc_test.deadline_passed' });
    expect(refused.json().message).toMatch(/abgelaufen/);
    clock += 31_000;
    // the stop carries every answer right; only the one saved before the deadline counts
    const stopped = await stop(student, run.user_graduate_id, allRight(made, run));
    expect(stopped.statusCode).toBe(200);
    expect(stopped.json()).toMatchObject({ achievedPercent: 25, accomp: false });
    const [result] = await t.app.database.db
      .select({ choices: userGraduateResults.choices })
      .from(userGraduateResults)
      .where(eq(userGraduateResults.userGraduateMctestId, run.user_graduate_id));
    expect(result!.choices.map((c) => c.r)).toEqual([true, false, false, false]);
    const afterStop = await save(student, run.user_graduate_id, first.questionId, first.answerIds);
    expect(afterStop.statusCode).toBe(409);
    expect(afterStop.json()).toMatchObject({ code: 'mc_test.run_already_stopped' });
  });

  it('a browser clock that is off changes nothing: the server’s clock starts, saves and scores (clock skew)', async () => {
    const made = await timedTest(5);
    // the browser is an hour behind and says so in its requests; no body can carry a time
    const skewed = { headers: { date: new Date(clock - minutes(60)).toUTCString() } };
    const res = await student.post('/api/graduate/startTest/', { id: made.test.id }, skewed);
    expect(res.statusCode).toBe(201);
    const run = res.json() as StartedRun;
    // the player counts on `now`, the server's clock: deadline − now is the limit, whatever the browser's clock
    expect(run.now).toBe(new Date(clock).toISOString());
    expect(Date.parse(run.deadline!) - Date.parse(run.now)).toBe(minutes(5));
    const first = pick(made, run, 0, true);
    expect(
      (
        await student.put(
          `/api/graduate/runs/${run.user_graduate_id}/answers/${first.questionId}`,
          { answerIds: first.answerIds },
          skewed,
        )
      ).statusCode,
    ).toBe(200);
    clock += minutes(5) + 31_000;
    // the browser still believes it is early: the save is too late on the server's clock
    const late = pick(made, run, 1, true);
    const refused = await student.put(
      `/api/graduate/runs/${run.user_graduate_id}/answers/${late.questionId}`,
      { answerIds: late.answerIds },
      skewed,
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('mc_test.deadline_passed');
    const claimed = await student.patch(
      '/api/graduate/stopTest/',
      { resultSet: { userGraduateId: run.user_graduate_id, questions: [], stoppedAt: run.now } },
      skewed,
    );
    expect(claimed.statusCode).toBe(422);
    const stopped = await student.patch(
      '/api/graduate/stopTest/',
      { resultSet: { userGraduateId: run.user_graduate_id, questions: allRight(made, run) } },
      skewed,
    );
    // late on the server's clock: only the answer saved in time counts, stopped now
    expect(stopped.json()).toMatchObject({
      achievedPercent: 25,
      stopDateTime: new Date(clock).toISOString(),
    });
  });

  it('scores the answers a stop carries within the 30 s grace after the deadline', async () => {
    const made = await timedTest(2, [student2Id]);
    const run = await start(student2, made.test.id);
    clock += minutes(2) + 29_000;
    const stopped = await stop(student2, run.user_graduate_id, allRight(made, run));
    expect(stopped.json()).toMatchObject({ achievedPercent: 100, accomp: true });
  });

  it('keeps tests without a limit as they were: no deadline, a stop long after scores what it carries', async () => {
    const made = await mx.bookedTest(trainerId, [studentId], { questions: 2, percent: 50 });
    const run = await start(student, made.test.id);
    expect(run.deadline).toBeNull();
    const q = pick(made, run, 0, true);
    expect((await save(student, run.user_graduate_id, q.questionId, q.answerIds)).json().deadline).toBeNull();
    clock += minutes(45);
    const stopped = await stop(student, run.user_graduate_id, allRight(made, run));
    expect(stopped.json()).toMatchObject({ achievedPercent: 100 });
  });

  it('refuses saves of another user, unknown runs, foreign questions and answers, and guests', async () => {
    const made = await timedTest(30);
    const run = await start(student, made.test.id);
    const q = pick(made, run, 0, true);
    expect((await save(student2, run.user_graduate_id, q.questionId, q.answerIds)).statusCode).toBe(404);
    expect((await save(student, 999_999, q.questionId, q.answerIds)).statusCode).toBe(404);
    expect(
      (
        await t
          .agent()
          .put(`/api/graduate/runs/${run.user_graduate_id}/answers/${q.questionId}`, { answerIds: [] })
      ).statusCode,
    ).toBe(401);
    const foreignQ = await save(student, run.user_graduate_id, 999_999, []);
    expect(foreignQ.statusCode).toBe(422);
    expect(foreignQ.json()).toMatchObject({ code: 'mc_test.answer_invalid' });
    const otherAnswer = run.questions[1]!.answers[0]!.id;
    expect((await save(student, run.user_graduate_id, q.questionId, [otherAnswer])).statusCode).toBe(422);
    const dup = q.answerIds[0]!;
    expect((await save(student, run.user_graduate_id, q.questionId, [dup, dup])).statusCode).toBe(422);
    const extraKey = await student.put(`/api/graduate/runs/${run.user_graduate_id}/answers/${q.questionId}`, {
      answerIds: [],
      extra: 1,
    });
    expect(extraKey.statusCode).toBe(422);
    // an empty list saves "no answer"
    expect((await save(student, run.user_graduate_id, q.questionId, [])).json().answer_ids).toEqual([]);
    await stop(student, run.user_graduate_id, []);
  });

  it('grants extra minutes per learner, audited: they move the open run and count for later runs', async () => {
    const made = await timedTest(10);
    const run = await start(student, made.test.id);
    const startedAt = clock;
    const grant = (agent: Agent, body: object, id = made.test.id) =>
      agent.post(`/api/mc_tests/${id}/grant-time`, body);
    const res = await grant(trainer, { userId: studentId, minutes: 15 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      mc_test_id: made.test.id,
      user_id: studentId,
      extra_minutes: 15,
      open_run_deadline: new Date(startedAt + minutes(25)).toISOString(),
    });
    expect((await start(student, made.test.id)).deadline).toBe(
      new Date(startedAt + minutes(25)).toISOString(),
    );
    // past the first deadline, before the granted one: saving still works
    clock += minutes(12);
    const q = pick(made, run, 0, true);
    expect((await save(student, run.user_graduate_id, q.questionId, q.answerIds)).statusCode).toBe(200);
    await stop(student, run.user_graduate_id, allRight(made, run));
    const [entry] = await t.app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'mc_test.time_granted'), eq(auditLog.targetId, studentId)));
    expect(entry).toMatchObject({ actorId: trainerId, targetType: 'user', before: { extra_minutes: 0 } });
    // dated on the server's clock, as the deadline it moved
    expect(entry!.createdAt.toISOString()).toBe(new Date(startedAt).toISOString());
    expect(entry!.after).toMatchObject({ extra_minutes: 15, mc_test_id: made.test.id });
    // grants add up and count for a later run (granted one more run to start it)
    await grant(trainer, { userId: studentId, minutes: 5 });
    await trainer.post(`/api/mc_tests/${made.test.id}/grant-run`, { userId: studentId });
    const next = await start(student, made.test.id);
    expect(next.deadline).toBe(new Date(clock + minutes(30)).toISOString());
    await stop(student, next.user_graduate_id, []);
    // refusals: another trainer's test is not found, a learner may not, bad minutes, unknown user
    expect((await grant(other, { userId: studentId, minutes: 5 })).statusCode).toBe(404);
    expect((await grant(student, { userId: studentId, minutes: 5 })).statusCode).toBe(403);
    expect((await grant(t.agent(), { userId: studentId, minutes: 5 })).statusCode).toBe(401);
    for (const bad of [0, 601, 2.5]) {
      const r = await grant(trainer, { userId: studentId, minutes: bad });
      expect(r.statusCode).toBe(422);
      expect(r.json().errors.minutes).toBeDefined();
    }
    const unknown = await grant(trainer, { userId: 999_999, minutes: 5 });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.userId).toBeDefined();
  });

  it('scores a run exactly once when two stops come together', async () => {
    const made = await timedTest(10, [student2Id]);
    const run = await start(student2, made.test.id);
    const [a, b] = await Promise.all([
      stop(student2, run.user_graduate_id, allRight(made, run)),
      stop(student2, run.user_graduate_id, []),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const results = await t.app.database.db
      .select()
      .from(userGraduateResults)
      .where(eq(userGraduateResults.userGraduateMctestId, run.user_graduate_id));
    expect(results).toHaveLength(1);
    const [row] = await t.app.database.db
      .select({ stoppedAt: userGraduateMctests.stoppedAt })
      .from(userGraduateMctests)
      .where(eq(userGraduateMctests.id, run.user_graduate_id));
    expect(row!.stoppedAt).not.toBeNull();
  });
});
