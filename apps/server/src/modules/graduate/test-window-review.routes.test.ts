import type { AssignedTestDto, StartedRun, StopResult, StudentRow } from '@elearn/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { answers, mcTests, userGraduateMctests } from '../../db/schema/index.ts';
import { type Agent, buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { drainJobs } from '../../test/jobs.ts';
import { mcTestFixtures } from '../../test/mc-test-fixtures.ts';
import { CLOSE_WINDOWS_JOB } from './use-cases/close-windows.ts';

type Made = Awaited<ReturnType<ReturnType<typeof mcTestFixtures>['bookedTest']>>;

/**
 * What a body tells a learner about correctness, at any depth: `right` (per question right or
 * wrong), `correct` and `explanation` with a value (the correct answers and the explanations).
 */
function reveals(body: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(body)) for (const v of body) reveals(v, out);
  else if (body && typeof body === 'object') {
    for (const [k, v] of Object.entries(body)) {
      if (k === 'right' || ((k === 'correct' || k === 'explanation') && v !== null)) out.add(k);
      reveals(v, out);
    }
  }
  return out;
}
const revealed = (body: unknown) => [...reveals(body)].sort();

/** issue 37 items 4 and 5: the availability window and the review policy */
describe('availability window and review policy', () => {
  // the server's clock, moved by the tests
  let clock = Date.parse('2026-06-01T08:00:00Z');
  let t: TestApp;
  let mx: ReturnType<typeof mcTestFixtures>;
  let trainer: Agent;
  let trainerId: number;
  let student: Agent;
  let studentId: number;
  let emails: string[];

  beforeAll(async () => {
    t = await buildTestApp({ rateLimitFactor: 100 }, { now: () => clock });
    mx = mcTestFixtures(t.app);
    const tr = await t.make.user({ scopes: ['trainer'] });
    const s1 = await t.make.user();
    trainerId = tr.id;
    studentId = s1.id;
    emails = [tr.email, s1.email];
  });
  // the clock moves by hours: fresh sessions for each case
  beforeEach(async () => {
    [trainer, student] = await Promise.all([t.loginAs(emails[0]!), t.loginAs(emails[1]!)]);
  });
  afterAll(() => t.close());

  const minutes = (n: number) => n * 60_000;
  const at = (ms: number) => new Date(ms).toISOString();
  const setTest = (id: number, values: Partial<typeof mcTests.$inferInsert>) =>
    t.app.database.db.update(mcTests).set(values).where(eq(mcTests.id, id));
  const start = (agent: Agent, id: number) => agent.post('/api/graduate/startTest/', { id });
  const started = async (agent: Agent, id: number) => {
    const res = await start(agent, id);
    expect([200, 201]).toContain(res.statusCode);
    return res.json() as StartedRun;
  };
  const stop = (agent: Agent, userGraduateId: number, qs: { questionId: number; answerIds: number[] }[]) =>
    agent.patch('/api/graduate/stopTest/', { resultSet: { userGraduateId, questions: qs } });
  const save = (agent: Agent, runId: number, questionId: number, answerIds: number[]) =>
    agent.put(`/api/graduate/runs/${runId}/answers/${questionId}`, { answerIds });
  /** every question answered right (or wrong) */
  const answered = (made: Made, run: StartedRun, right: boolean) => {
    const correct = new Map(made.questions.flatMap((q) => q.answers.map((a) => [a.id, a.correct] as const)));
    return run.questions.map((q) => ({
      questionId: q.id,
      answerIds: q.answers.filter((a) => correct.get(a.id) === right).map((a) => a.id),
    }));
  };
  const history = async () =>
    (await student.get('/api/graduate/history/student?per_page=100')).json().data as StudentRow[];
  const historyOf = async (runId: number) => (await history()).find((r) => r.id === runId);
  const assigned = async (id: number) =>
    ((await student.get('/api/mc_tests/user/assigned')).json() as AssignedTestDto[]).find((a) => a.id === id);
  /** an exam of 2 questions with an explanation on each answer */
  const exam = async (mode: 'exam' | 'practice' = 'exam', learner = studentId) => {
    const made = await mx.bookedTest(trainerId, [learner], { questions: 2, percent: 100, mode });
    for (const q of made.questions) {
      for (const a of q.answers) {
        await t.app.database.db
          .update(answers)
          .set({ explanation: `<p>why ${a.id}</p>` })
          .where(eq(answers.id, a.id));
      }
    }
    return made;
  };

  it('takes a window and a review policy, refuses a close before the opening and a review after a close that never comes, in both languages', async () => {
    const base = { label: 'Fenster', percent_to_accomplish: 50, mode: 'exam' };
    const created = await trainer.post('/api/mc_tests', {
      ...base,
      opens_at: '2026-06-02T08:00:00+02:00',
      closes_at: '2026-06-02T17:00:00+02:00',
      review_content: 'rightness',
      review_when: 'after_close',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      opens_at: '2026-06-02T06:00:00.000Z',
      closes_at: '2026-06-02T15:00:00.000Z',
      review_content: 'rightness',
      review_when: 'after_close',
    });
    const id = created.json().id as number;
    // absent: unchanged
    const same = await trainer.patch('/api/mc_tests/update', { ...base, id });
    expect(same.json()).toMatchObject({ closes_at: '2026-06-02T15:00:00.000Z', review_when: 'after_close' });
    // the close cannot go while the review waits for it
    const noClose = await trainer.patch('/api/mc_tests/update', { ...base, id, closes_at: null });
    expect(noClose.statusCode).toBe(422);
    expect(noClose.json().errors.review_when[0]).toBe(
      'Eine Auswertung nach dem Schliessen braucht einen Zeitpunkt, an dem der Test schliesst.',
    );
    const order = await trainer.patch('/api/mc_tests/update', {
      ...base,
      id,
      opens_at: '2026-06-02T18:00:00+02:00',
    });
    expect(order.statusCode).toBe(422);
    expect(order.json().errors.closes_at[0]).toBe('Der Test muss nach seiner Öffnung schliessen.');
    trainer.lang = 'en';
    const orderEn = await trainer.patch('/api/mc_tests/update', {
      ...base,
      id,
      closes_at: '2026-06-02T06:00:00Z',
    });
    trainer.lang = 'de';
    expect(orderEn.json().errors.closes_at[0]).toBe('The test must close after it opens.');
    for (const [field, bad] of [
      ['opens_at', '2026-06-02 08:00'],
      ['closes_at', 'tomorrow'],
      ['review_content', 'answers'],
      ['review_when', 'later'],
    ] as const) {
      const r = await trainer.patch('/api/mc_tests/update', { ...base, id, [field]: bad });
      expect(`${field}: ${r.statusCode}`).toBe(`${field}: 422`);
      expect(r.json().errors[field]).toBeDefined();
    }
    // null: no window, the mode's default
    const cleared = await trainer.patch('/api/mc_tests/update', {
      ...base,
      id,
      opens_at: null,
      closes_at: null,
      review_content: null,
      review_when: null,
    });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toMatchObject({
      opens_at: null,
      closes_at: null,
      review_content: null,
      review_when: null,
    });
  });

  it('shows the window to the learner and refuses a start before it opens and after it closes (403, the moment in Zurich time); the owner may preview', async () => {
    const made = await exam();
    const opens = clock + minutes(60);
    const closes = clock + minutes(120);
    await setTest(made.test.id, { opensAt: new Date(opens), closesAt: new Date(closes) });
    expect(await assigned(made.test.id)).toMatchObject({
      opens_at: at(opens),
      closes_at: at(closes),
      window: 'not_yet_open',
      can_start: false,
      review: { content: 'score', when: 'immediately' },
    });
    const early = await start(student, made.test.id);
    expect(early.statusCode).toBe(403);
    // 09:00 UTC on 1 June is 11:00 in Zurich (summer time)
    expect(early.json()).toMatchObject({
      code: 'mc_test.not_open_yet',
      message: 'Dieser Test ist noch nicht geöffnet: er öffnet am 2026-06-01 11:00 (Zeit Zürich).',
    });
    // the owner previews before the opening
    const preview = await start(trainer, made.test.id);
    expect(preview.statusCode).toBe(201);
    clock = closes;
    expect(await assigned(made.test.id)).toMatchObject({ window: 'closed', can_start: false });
    student.lang = 'en';
    const late = await start(student, made.test.id);
    student.lang = 'de';
    expect(late.statusCode).toBe(403);
    expect(late.json()).toMatchObject({
      code: 'mc_test.closed',
      message:
        'This test has been closed since 2026-06-01 12:00 (Zurich time): no run can be started any more.',
    });
    clock = opens + minutes(1);
    expect(await assigned(made.test.id)).toMatchObject({ window: 'open', can_start: true });
    const run = await started(student, made.test.id);
    // an untimed run ends at the close
    expect(run.deadline).toBe(at(closes));
  });

  it('scores the runs open at the close with the answers saved up to it, once, stopped at the close', async () => {
    const made = await exam();
    const closes = clock + minutes(30);
    await setTest(made.test.id, { closesAt: new Date(closes), timeLimitMinutes: 60 });
    const run = await started(student, made.test.id);
    // the limit would end later than the close: the close ends the run
    expect(run.deadline).toBe(at(closes));
    const [right0, right1] = answered(made, run, true);
    expect(
      (await save(student, run.user_graduate_id, right0!.questionId, right0!.answerIds)).statusCode,
    ).toBe(200);
    // a grant of time does not move the end past the close
    const grant = await trainer.post(`/api/mc_tests/${made.test.id}/grant-time`, {
      userId: studentId,
      minutes: 30,
    });
    expect(grant.statusCode).toBe(200);
    expect(grant.json().open_run_deadline).toBe(at(closes));
    clock = closes + 5_000;
    // after the close nothing more is saved
    const tooLate = await save(student, run.user_graduate_id, right1!.questionId, right1!.answerIds);
    expect(tooLate.statusCode).toBe(409);
    expect(tooLate.json().code).toBe('mc_test.deadline_passed');
    // the job scores before the learner comes back
    clock = closes + minutes(2);
    expect(await t.app.jobs.enqueue(CLOSE_WINDOWS_JOB, {})).not.toBeNull();
    await drainJobs(t.app);
    const [row] = await t.app.database.db
      .select()
      .from(userGraduateMctests)
      .where(eq(userGraduateMctests.id, run.user_graduate_id));
    expect(row).toMatchObject({ achievedPercent: 50, accomp: false, rightCount: 1, totalCount: 2 });
    expect(row?.stoppedAt?.toISOString()).toBe(at(closes));
    // the player's stop after it: scored once
    const late = await stop(student, run.user_graduate_id, answered(made, run, true));
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('mc_test.run_already_stopped');
    // the owner's preview after the close is not ended by it
    const preview = await started(trainer, made.test.id);
    await t.app.jobs.enqueue(CLOSE_WINDOWS_JOB, {});
    await drainJobs(t.app);
    const [kept] = await t.app.database.db
      .select()
      .from(userGraduateMctests)
      .where(eq(userGraduateMctests.id, preview.user_graduate_id));
    expect(kept?.stoppedAt).toBeNull();
  });

  it('scores a timed run nobody stopped once its deadline and the grace have passed, not before', async () => {
    const made = await exam();
    await setTest(made.test.id, { timeLimitMinutes: 10 });
    const run = await started(student, made.test.id);
    const [right0] = answered(made, run, true);
    await save(student, run.user_graduate_id, right0!.questionId, right0!.answerIds);
    const runRow = async () =>
      (
        await t.app.database.db
          .select()
          .from(userGraduateMctests)
          .where(eq(userGraduateMctests.id, run.user_graduate_id))
      )[0];
    // within the grace the player's own stop may still arrive: the job leaves the run alone
    clock = Date.parse(run.deadline!) + 20_000;
    await t.app.jobs.enqueue(CLOSE_WINDOWS_JOB, {});
    await drainJobs(t.app);
    expect((await runRow())?.stoppedAt).toBeNull();
    clock = Date.parse(run.deadline!) + 31_000;
    await t.app.jobs.enqueue(CLOSE_WINDOWS_JOB, {});
    await drainJobs(t.app);
    const row = await runRow();
    expect(row).toMatchObject({ achievedPercent: 50, rightCount: 1, totalCount: 2 });
    expect(row?.stoppedAt?.toISOString()).toBe(run.deadline);
    clock += minutes(5);
  });

  it('a close set earlier ends the open runs at it', async () => {
    const made = await exam();
    const run = await started(student, made.test.id);
    expect(run.deadline).toBeNull();
    const closes = clock + minutes(10);
    const res = await trainer.patch('/api/mc_tests/update', {
      id: made.test.id,
      label: made.test.label,
      percent_to_accomplish: 100,
      mode: 'exam',
      closes_at: at(closes),
    });
    expect(res.statusCode).toBe(200);
    expect((await started(student, made.test.id)).deadline).toBe(at(closes));
    // a stop within the grace still counts what it carries
    clock = closes + 10_000;
    const stopped = await stop(student, run.user_graduate_id, answered(made, run, true));
    expect(stopped.statusCode).toBe(200);
    expect(stopped.json().achievedPercent).toBe(100);
    clock += minutes(60);
  });

  it('score only: never a question’s rightness, an answer’s key or an explanation, in the result or the history', async () => {
    const made = await exam('practice');
    await setTest(made.test.id, { reviewContent: 'score' });
    const run = await started(student, made.test.id);
    expect(revealed(run)).toEqual([]);
    const res = await stop(student, run.user_graduate_id, answered(made, run, true));
    const body = res.json() as StopResult;
    expect(body).toMatchObject({ accomp: true, achievedPercent: 100, result: null });
    expect(revealed(body)).toEqual([]);
    expect(revealed(await historyOf(run.user_graduate_id))).toEqual([]);
  });

  it('rightness: per question right or wrong with the choices, never the key nor the explanations', async () => {
    const made = await exam();
    await setTest(made.test.id, { reviewContent: 'rightness', reviewWhen: 'immediately' });
    const run = await started(student, made.test.id);
    const picks = answered(made, run, false);
    const body = (await stop(student, run.user_graduate_id, picks)).json() as StopResult;
    expect(revealed(body)).toEqual(['right']);
    expect(body.result?.questions.map((q) => q.right)).toEqual([false, false]);
    // the learner's own choices are there; which answers are correct is not
    const chosen = body.result?.questions.flatMap((q) => q.answers.filter((a) => a.chosen).map((a) => a.id));
    expect(chosen?.sort()).toEqual(picks.flatMap((p) => p.answerIds).sort());
    expect(revealed(await historyOf(run.user_graduate_id))).toEqual(['right']);
  });

  it('after passing: nothing while the learner has not passed; everything, for every run, once passed', async () => {
    const made = await exam();
    await setTest(made.test.id, { reviewContent: 'full', reviewWhen: 'after_passing' });
    await trainer.post(`/api/mc_tests/${made.test.id}/grant-run`, { userId: studentId });
    const first = await started(student, made.test.id);
    const failed = (await stop(student, first.user_graduate_id, answered(made, first, false))).json();
    expect(failed).toMatchObject({ accomp: false, result: null });
    expect(revealed(failed)).toEqual([]);
    expect(revealed(await historyOf(first.user_graduate_id))).toEqual([]);
    const second = await started(student, made.test.id);
    const passed = (
      await stop(student, second.user_graduate_id, answered(made, second, true))
    ).json() as StopResult;
    expect(passed.accomp).toBe(true);
    expect(revealed(passed)).toEqual(['correct', 'explanation', 'right']);
    // the failed run's review too, now
    expect(revealed(await historyOf(first.user_graduate_id))).toEqual(['correct', 'explanation', 'right']);
  });

  it('after the close: nothing before it, in the result or the history; everything after it', async () => {
    const made = await exam();
    const closes = clock + minutes(30);
    await setTest(made.test.id, {
      reviewContent: 'full',
      reviewWhen: 'after_close',
      closesAt: new Date(closes),
    });
    const run = await started(student, made.test.id);
    const body = (await stop(student, run.user_graduate_id, answered(made, run, true))).json();
    expect(body).toMatchObject({ accomp: true, result: null });
    expect(revealed(body)).toEqual([]);
    clock = closes - 1_000;
    expect(revealed(await historyOf(run.user_graduate_id))).toEqual([]);
    clock = closes;
    const after = await historyOf(run.user_graduate_id);
    expect(revealed(after)).toEqual(['correct', 'explanation', 'right']);
    expect(after?.result?.questions[0]?.answers.some((a) => a.explanation?.includes('why'))).toBe(true);
    clock += minutes(60);
  });

  it('sweep (SECURITY.md B-11, extended): before each policy’s moment no student-reachable answer tells rightness, a key or an explanation', async () => {
    // a learner of its own: the other cases' reviews are in the first learner's history
    const fresh = await t.make.user();
    const agent = await t.loginAs(fresh.email);
    // runs finished under each policy whose moment has not come: score only, after passing (failed),
    // after the close (still open); and a run still open
    const scoreOnly = await exam('practice', fresh.id);
    await setTest(scoreOnly.test.id, { reviewContent: 'score' });
    const passing = await exam('exam', fresh.id);
    await setTest(passing.test.id, { reviewContent: 'full', reviewWhen: 'after_passing' });
    const closing = await exam('exam', fresh.id);
    const closes = clock + minutes(60);
    await setTest(closing.test.id, {
      reviewContent: 'full',
      reviewWhen: 'after_close',
      closesAt: new Date(closes),
    });
    const finished: number[] = [];
    for (const [made, right] of [
      [scoreOnly, true],
      [passing, false],
      [closing, true],
    ] as const) {
      const run = await started(agent, made.test.id);
      expect((await stop(agent, run.user_graduate_id, answered(made, run, right))).statusCode).toBe(200);
      finished.push(run.user_graduate_id);
    }
    const open = await exam('exam', fresh.id);
    const running = await started(agent, open.test.id);
    const ids = [
      ...[scoreOnly, passing, closing, open].flatMap((m) => [m.test.id, m.chapter.id, m.seminar.id]),
      ...finished,
      running.user_graduate_id,
      fresh.id,
    ];
    const routes = t.app.routeList.filter(
      (r) => r.method === 'GET' && r.url.startsWith('/api/') && !r.url.startsWith('/api/docs'),
    );
    const sweep = async () => {
      const found: string[] = [];
      let reached = 0;
      for (const r of routes) {
        const urls = r.url.includes(':') ? ids.map((id) => r.url.replace(/:\w+/g, String(id))) : [r.url];
        for (const url of urls) {
          const got = await agent.get(url);
          if (got.statusCode >= 300 || !String(got.headers['content-type']).includes('json')) continue;
          reached++;
          const shown = revealed(got.json());
          if (shown.length > 0) found.push(`${url}: ${shown.join(', ')}`);
        }
      }
      expect(reached).toBeGreaterThan(10);
      return found;
    };
    expect(await sweep()).toEqual([]);
    // the close comes: the history shows that run's review, and only that one
    clock = closes;
    const found = await sweep();
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((f) => f.startsWith('/api/graduate/history/student'))).toBe(true);
    const rows = (await agent.get('/api/graduate/history/student?per_page=100')).json().data as StudentRow[];
    expect(rows.filter((r) => r.result !== null).map((r) => r.id)).toEqual([finished[2]]);
    clock += minutes(5);
    // every GET route twice with each id: over 60 s on PGlite at a load average of 15 to 20
  }, 180_000);

  it('keeps each mode’s default: an exam shows the score, a practice run everything at once', async () => {
    const ex = await exam();
    const er = await started(student, ex.test.id);
    const exBody = (await stop(student, er.user_graduate_id, answered(ex, er, true))).json();
    expect(revealed(exBody)).toEqual([]);
    const pr = await exam('practice');
    const prRun = await started(student, pr.test.id);
    const prBody = (await stop(student, prRun.user_graduate_id, answered(pr, prRun, false))).json();
    expect(revealed(prBody)).toEqual(['correct', 'explanation', 'right']);
  });
});
