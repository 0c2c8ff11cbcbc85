import type { StartedRun } from '@elearn/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  answers,
  auditLog,
  enrolments,
  questions,
  userGraduateMctests,
  userGraduateResults,
  users,
} from '../../db/schema/index.ts';
import { type Agent, buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { seminarFixtures } from '../../test/fixtures.ts';
import { mcTestFixtures } from '../../test/mc-test-fixtures.ts';

type Made = Awaited<ReturnType<ReturnType<typeof mcTestFixtures>['test']>>;

/** every key of a JSON value, at any depth */
function keysOf(value: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const v of value) keysOf(v, out);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      out.add(k);
      keysOf(v, out);
    }
  }
  return out;
}
const SOLUTION_KEY = /^(correct|is_?correct|isCorrect|right_?answer|solution)$/i;

/** the answers of a started run chosen to make every question right (or wrong) */
function answersFor(run: StartedRun, made: Made, right: boolean | ((qIndex: number) => boolean)) {
  const correct = new Map(made.questions.flatMap((q) => q.answers.map((a) => [a.id, a.correct] as const)));
  return run.questions.map((q, i) => {
    const want = typeof right === 'function' ? right(i) : right;
    return {
      questionId: q.id,
      answerIds: q.answers.filter((a) => (want ? correct.get(a.id) : !correct.get(a.id))).map((a) => a.id),
    };
  });
}

describe('test runs, history, graduation and export', () => {
  // the app's clock: the real one, unless a test stops it (the query count below)
  let stoppedAt: number | null = null;
  let t: TestApp;
  let mx: ReturnType<typeof mcTestFixtures>;
  let fx: ReturnType<typeof seminarFixtures>;
  let trainer: Agent;
  let trainerId: number;
  let other: Agent;
  let admin: Agent;
  let adminId: number;
  let student: Agent;
  let studentId: number;
  let student2: Agent;
  let student2Id: number;

  beforeAll(async () => {
    t = await buildTestApp({ rateLimitFactor: 100 }, { now: () => stoppedAt ?? Date.now() });
    mx = mcTestFixtures(t.app);
    fx = seminarFixtures(t.app);
    const tr = await t.make.user({ scopes: ['trainer'] });
    const ot = await t.make.user({ scopes: ['trainer'] });
    const ad = await t.make.user({ scopes: ['admin'] });
    const s1 = await t.make.user();
    const s2 = await t.make.user();
    trainerId = tr.id;
    studentId = s1.id;
    adminId = ad.id;
    student2Id = s2.id;
    [trainer, other, admin, student, student2] = await Promise.all([
      t.loginAs(tr.email),
      t.loginAs(ot.email),
      t.loginAs(ad.email),
      t.loginAs(s1.email),
      t.loginAs(s2.email),
    ]);
  });
  afterAll(() => t.close());

  const start = (agent: Agent, id: number) => agent.post('/api/graduate/startTest/', { id });
  const stop = (agent: Agent, userGraduateId: number, qs: { questionId: number; answerIds: number[] }[]) =>
    agent.patch('/api/graduate/stopTest/', { resultSet: { userGraduateId, questions: qs } });

  it('scores a run started elsewhere (another instance, or before a restart) on its stored snapshot', async () => {
    const made = await mx.bookedTest(trainerId, [student2Id], { questions: 3, percent: 60 });
    // an open run this process did not start: its snapshot is read from the database at the stop
    const open = await mx.run(made.test.id, student2Id);
    const resumed = await start(student2, made.test.id);
    expect(resumed.json()).toMatchObject({ user_graduate_id: open.id, resumed: true });
    const run = resumed.json() as StartedRun;
    const stopped = await stop(student2, run.user_graduate_id, answersFor(run, made, true));
    expect(stopped.statusCode).toBe(200);
    expect(stopped.json()).toMatchObject({ achievedPercent: 100, accomp: true });
    const [stored] = await t.app.database.db
      .select({ choices: userGraduateResults.choices })
      .from(userGraduateResults)
      .where(eq(userGraduateResults.userGraduateMctestId, open.id));
    expect(stored!.choices.map((c) => c.r)).toEqual([true, true, true]);
    expect(stored!.choices.map((c) => c.q)).toEqual(run.questions.map((q) => q.id));
  });

  it('runs an exam: no correct flag at start, resumes an open run, scores once, one run unless granted', async () => {
    const made = await mx.bookedTest(trainerId, [studentId], { questions: 3, percent: 60 });
    const res = await start(student, made.test.id);
    expect(res.statusCode).toBe(201);
    const run = res.json() as StartedRun;
    expect([...keysOf(run)].filter((k) => SOLUTION_KEY.test(k))).toEqual([]);
    expect(run.mc_test).toEqual({
      id: made.test.id,
      label: made.test.label,
      mode: 'exam',
      percent_to_accomplish: 60,
    });
    expect(run.questions.map((q) => q.id)).toEqual(made.questions.map((q) => q.question.id));
    expect(run.questions[0]!.answers).toHaveLength(3);

    const again = await start(student, made.test.id);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ user_graduate_id: run.user_graduate_id, resumed: true });
    expect(again.json().questions).toEqual(run.questions);

    const stopped = await stop(student, run.user_graduate_id, answersFor(run, made, true));
    expect(stopped.statusCode).toBe(200);
    expect(stopped.json()).toMatchObject({
      user_graduate_id: run.user_graduate_id,
      mc_test_id: made.test.id,
      mode: 'exam',
      achievedPercent: 100,
      accomp: true,
      result: null,
    });
    expect([...keysOf(stopped.json())].filter((k) => SOLUTION_KEY.test(k) || k === 'right')).toEqual([]);

    const twice = await stop(student, run.user_graduate_id, answersFor(run, made, true));
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('mc_test.run_already_stopped');

    const third = await start(student, made.test.id);
    expect(third.statusCode).toBe(409);
    expect(third.json().code).toBe('mc_test.attempts_exhausted');
    expect(third.json().message).toMatch(/Durchläufe/);

    // the owner grants one more run
    const grant = await trainer.post(`/api/mc_tests/${made.test.id}/grant-run`, { userId: studentId });
    expect(grant.statusCode).toBe(200);
    expect(grant.json()).toEqual({
      mc_test_id: made.test.id,
      user_id: studentId,
      runs_used: 1,
      runs_allowed: 2,
    });
    const fourth = await start(student, made.test.id);
    expect(fourth.statusCode).toBe(201);
    expect(
      (await stop(student, fourth.json().user_graduate_id, answersFor(fourth.json(), made, false))).json(),
    ).toMatchObject({ achievedPercent: 0, accomp: false });
    expect((await start(student, made.test.id)).statusCode).toBe(409);
    const rows = await t.app.database.db
      .select()
      .from(userGraduateMctests)
      .where(eq(userGraduateMctests.mcTestId, made.test.id));
    expect(rows).toHaveLength(2);
  });

  it('weights questions by points (the issue’s five questions, one worth 3, at 60 %)', async () => {
    const seminar = await fx.seminar(trainerId, { bookedBy: [studentId] });
    const chapter = await fx.chapter(seminar.id);
    const made = await mx.test(trainerId, {
      chapterId: chapter.id,
      questions: 0,
      percent: 60,
      mode: 'practice',
    });
    const qs = [];
    for (const points of [3, null, null, null, null]) {
      const q = await mx.question(trainerId, { points });
      qs.push(q);
      await trainer.patch('/api/questions/{question}/attach', {
        mcTestId: made.test.id,
        questions: [q.question.id],
      });
    }
    const full = { test: made.test, questions: qs };
    const tryWith = async (rightIndexes: number[]) => {
      const run = (await start(student, made.test.id)).json() as StartedRun;
      return (
        await stop(
          student,
          run.user_graduate_id,
          answersFor(run, full, (i) => rightIndexes.includes(i)),
        )
      ).json();
    };
    expect(await tryWith([0])).toMatchObject({ achievedPercent: 42.86, accomp: false });
    expect(await tryWith([0, 1])).toMatchObject({ achievedPercent: 57.14, accomp: false });
    expect(await tryWith([0, 1, 2])).toMatchObject({ achievedPercent: 71.43, accomp: true });
    expect(await tryWith([1, 2, 3, 4])).toMatchObject({ achievedPercent: 57.14, accomp: false });
    // a question left out counts as nothing chosen (wrong here: each has a correct answer)
    const run = (await start(student, made.test.id)).json() as StartedRun;
    const partial = answersFor(run, full, true).slice(0, 3);
    expect((await stop(student, run.user_graduate_id, partial)).json()).toMatchObject({
      achievedPercent: 71.43,
      accomp: true,
    });
  });

  it('practice: any number of runs, per-question rightness and the correct answers after each (issue 36 item 4)', async () => {
    const made = await mx.bookedTest(trainerId, [studentId], {
      mode: 'practice',
      questions: 2,
      percent: 100,
    });
    for (let i = 0; i < 3; i++) {
      const run = (await start(student, made.test.id)).json() as StartedRun;
      const res = await stop(
        student,
        run.user_graduate_id,
        answersFor(run, made, (q) => q === 0),
      );
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ mode: 'practice', achievedPercent: 50, accomp: false });
      expect(res.json().result.questions.map((q: { id: number; right: boolean }) => [q.id, q.right])).toEqual(
        [
          [made.questions[0]!.question.id, true],
          [made.questions[1]!.question.id, false],
        ],
      );
      // after the submit the learner sees the key: each answer's correct flag and their choice
      const correct = new Map(
        made.questions.flatMap((q) => q.answers.map((a) => [a.id, a.correct] as const)),
      );
      for (const q of res.json().result.questions as { answers: { id: number; correct: boolean }[] }[]) {
        expect(q.answers.map((a) => a.correct)).toEqual(q.answers.map((a) => correct.get(a.id)));
      }
    }
  });

  it('shuffles the answer order per run', async () => {
    const made = await mx.bookedTest(trainerId, [studentId], { mode: 'practice', questions: 0 });
    const q = await mx.question(trainerId, {
      answers: [
        ['a', false],
        ['b', false],
        ['c', false],
        ['d', false],
        ['e', true],
        ['f', true],
      ],
    });
    await trainer.patch('/api/questions/{question}/attach', {
      mcTestId: made.test.id,
      questions: [q.question.id],
    });
    const orders = new Set<string>();
    const firstIsCorrect: boolean[] = [];
    for (let i = 0; i < 12; i++) {
      const run = (await start(student, made.test.id)).json() as StartedRun;
      const ids = run.questions[0]!.answers.map((a) => a.id);
      orders.add(ids.join(','));
      firstIsCorrect.push(ids[0] === q.answers[4]!.id || ids[0] === q.answers[5]!.id);
      await stop(student, run.user_graduate_id, []);
    }
    expect(orders.size).toBeGreaterThan(1);
    expect(firstIsCorrect.every(Boolean)).toBe(false);
  });

  it('refuses to start what the student may not take, each with its own answer', async () => {
    const expectStart = async (agent: Agent, id: number, status: number, code: string) => {
      const res = await start(agent, id);
      expect(`${res.statusCode} ${res.json().code}`).toBe(`${status} ${code}`);
    };
    const disabled = await mx.bookedTest(trainerId, [studentId], { enabled: false });
    await expectStart(student, disabled.test.id, 403, 'mc_test.disabled');
    const locked = await mx.bookedTest(trainerId, [studentId], { chapterUnlocked: false });
    await expectStart(student, locked.test.id, 403, 'chapter.locked');
    // a sub-chapter of a locked chapter counts as locked
    const s = await fx.seminar(trainerId, { bookedBy: [studentId] });
    const parent = await fx.chapter(s.id, { unlocked: false });
    const sub = await fx.chapter(s.id, { parentId: parent.id });
    const onSub = await mx.test(trainerId, { chapterId: sub.id });
    await expectStart(student, onSub.test.id, 403, 'chapter.locked');
    // not booked: public seminar → forbidden; private seminar → not found
    const unbooked = await mx.bookedTest(trainerId, []);
    await expectStart(student, unbooked.test.id, 403, 'forbidden');
    const priv = await fx.seminar(trainerId, { isPublic: false });
    const privChapter = await fx.chapter(priv.id);
    const privTest = await mx.test(trainerId, { chapterId: privChapter.id });
    await expectStart(student, privTest.test.id, 404, 'not_found');
    const loose = await mx.test(trainerId, {});
    await expectStart(student, loose.test.id, 404, 'not_found');
    await expectStart(student, 999_999, 404, 'not_found');
    const empty = await mx.bookedTest(trainerId, [studentId], { questions: 0 });
    await expectStart(student, empty.test.id, 409, 'mc_test.empty');
    // the owner may preview a disabled, loose test without limits
    expect((await start(trainer, loose.test.id)).statusCode).toBe(201);
    expect((await start(trainer, disabled.test.id)).statusCode).toBe(201);
    // invalid input and guests
    const bad = await start(student, -1);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.id).toBeDefined();
    expect((await t.agent().post('/api/graduate/startTest', { id: disabled.test.id })).statusCode).toBe(401);
    expect(
      await t.app.database.db
        .select()
        .from(userGraduateMctests)
        .where(eq(userGraduateMctests.userId, studentId))
        .then((r) =>
          r.filter((x) =>
            [
              disabled.test.id,
              locked.test.id,
              unbooked.test.id,
              privTest.test.id,
              loose.test.id,
              empty.test.id,
            ].includes(x.mcTestId),
          ),
        ),
    ).toEqual([]);
  });

  it('lets a company employee assigned to the seminar take its test', async () => {
    const employee = await t.make.user();
    const agent = await t.loginAs(employee.email);
    const made = await mx.bookedTest(trainerId, []);
    expect((await start(agent, made.test.id)).statusCode).toBe(403);
    await t.app.database.db
      .insert(enrolments)
      .values({ seminarId: made.seminar.id, userId: employee.id, source: 'company' });
    expect((await start(agent, made.test.id)).statusCode).toBe(201);
    expect((await agent.get('/api/mc_tests/user/assigned')).json().map((x: { id: number }) => x.id)).toEqual([
      made.test.id,
    ]);
  });

  it('refuses foreign, duplicate and forged answers and another user’s run; the run stays open', async () => {
    const made = await mx.bookedTest(trainerId, [studentId, student2Id], { mode: 'practice', questions: 2 });
    const otherTest = await mx.bookedTest(trainerId, [studentId]);
    const run = (await start(student, made.test.id)).json() as StartedRun;
    const good = answersFor(run, made, true);
    const q0 = run.questions[0]!;
    const q1 = run.questions[1]!;
    const cases: [string, unknown, number, string][] = [
      [
        'question of another test',
        [{ questionId: otherTest.questions[0]!.question.id, answerIds: [] }],
        422,
        'mc_test.answer_invalid',
      ],
      [
        'answer of another question',
        [{ questionId: q0.id, answerIds: [q1.answers[0]!.id] }],
        422,
        'mc_test.answer_invalid',
      ],
      [
        'answer of another test',
        [{ questionId: q0.id, answerIds: [otherTest.questions[0]!.answers[0]!.id] }],
        422,
        'mc_test.answer_invalid',
      ],
      ['a question twice', [good[0], good[0]], 422, 'mc_test.answer_invalid'],
      [
        'an answer twice',
        [{ questionId: q0.id, answerIds: [q0.answers[0]!.id, q0.answers[0]!.id] }],
        422,
        'mc_test.answer_invalid',
      ],
      ['a client-side correct flag', [{ ...good[0], correct: true }], 422, 'validation_failed'],
      ['not an array', 'all right', 422, 'validation_failed'],
    ];
    for (const [name, qs, status, code] of cases) {
      const res = await student.patch('/api/graduate/stopTest', {
        resultSet: { userGraduateId: run.user_graduate_id, questions: qs },
      });
      expect(`${name}: ${res.statusCode} ${res.json().code}`).toBe(`${name}: ${status} ${code}`);
    }
    const forged = await student.patch('/api/graduate/stopTest', {
      resultSet: { userGraduateId: run.user_graduate_id, questions: good, achievedPercent: 100 },
    });
    expect(forged.statusCode).toBe(422);
    expect(forged.json().errors['resultSet.achievedPercent']).toBeDefined();
    // another user's run: not found, before anything else is looked at
    const foreign = await stop(student2, run.user_graduate_id, good);
    expect(foreign.statusCode).toBe(404);
    expect((await stop(student2, 999_999, [])).statusCode).toBe(404);
    const [row] = await t.app.database.db
      .select()
      .from(userGraduateMctests)
      .where(eq(userGraduateMctests.id, run.user_graduate_id));
    expect(row!.stoppedAt).toBeNull();
    expect((await stop(student, run.user_graduate_id, good)).json()).toMatchObject({ achievedPercent: 100 });
  });

  it('refuses a stop when the test was disabled or the chapter locked after the start', async () => {
    const made = await mx.bookedTest(trainerId, [studentId]);
    const run = (await start(student, made.test.id)).json() as StartedRun;
    await trainer.patch('/api/mc_tests/toggle/enabled', { mcTestId: made.test.id });
    const res = await stop(student, run.user_graduate_id, answersFor(run, made, true));
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('mc_test.disabled');
    await trainer.patch('/api/mc_tests/toggle/enabled', { mcTestId: made.test.id });
    await trainer.patch('/api/chapters/toggle/locked', { id: made.chapter.id });
    const locked = await stop(student, run.user_graduate_id, answersFor(run, made, true));
    expect(locked.json().code).toBe('chapter.locked');
    await trainer.patch('/api/chapters/toggle/locked', { id: made.chapter.id });
    expect((await stop(student, run.user_graduate_id, answersFor(run, made, true))).statusCode).toBe(200);
  });

  it('scores on the snapshot taken at the start; later pool edits never change a stored result', async () => {
    const made = await mx.bookedTest(trainerId, [studentId], { questions: 2 });
    const run = (await start(student, made.test.id)).json() as StartedRun;
    const chosen = answersFor(run, made, true);
    const q0 = made.questions[0]!;
    // the owner rewrites question 1, flips its answers and deletes question 2 while the run is open
    await trainer.patch('/api/questions/update', { id: q0.question.id, label: '<p>Neu</p>', points: 5 });
    for (const a of q0.answers) await trainer.patch('/api/answers', { id: a.id, correct: !a.correct });
    expect((await trainer.delete(`/api/questions/${made.questions[1]!.question.id}`)).statusCode).toBe(204);
    const res = await stop(student, run.user_graduate_id, chosen);
    expect(res.json()).toMatchObject({ achievedPercent: 100, accomp: true });
    const list = (await trainer.get(`/api/mc_tests/${made.test.id}/usergraduate/?results=1`)).json();
    const coding = list.user_graduate_results[0].answer_coding;
    expect(coding.questions).toHaveLength(2);
    expect(coding.questions[0]).toMatchObject({
      id: q0.question.id,
      label: q0.question.label,
      points: null,
      right: true,
    });
    const picked = coding.questions[0].answers.find((a: { choosen: boolean }) => a.choosen);
    expect(picked).toMatchObject({ correct: true, choosen: true, question_id: q0.question.id });
    // editing again changes nothing stored
    await trainer.patch('/api/questions/update', { id: q0.question.id, label: '<p>Noch neuer</p>' });
    await t.app.database.db.delete(answers).where(eq(answers.questionId, q0.question.id));
    const again = (await trainer.get(`/api/mc_tests/${made.test.id}/usergraduate/?results=1`)).json();
    expect(again.user_graduate_results).toEqual(list.user_graduate_results);
    expect((await student.get('/api/graduate/history/student/')).json().data[0]).toMatchObject({
      id: run.user_graduate_id,
      achievedPercent: 100,
    });
  });

  it('sends no correct flag in any response a student can receive before stopTest', async () => {
    const s = await t.make.user();
    const agent = await t.loginAs(s.email);
    const made = await mx.bookedTest(trainerId, [s.id], { mode: 'practice', questions: 2 });
    const exam = await mx.test(trainerId, { chapterId: made.chapter.id });
    // an earlier practice run is finished, so history carries a review
    const earlier = (await start(agent, made.test.id)).json() as StartedRun;
    await stop(agent, earlier.user_graduate_id, answersFor(earlier, made, true));
    const res = await start(agent, exam.test.id);
    const open = res.json() as StartedRun;
    const bodies: { url: string; body: unknown }[] = [{ url: 'startTest', body: open }];
    bodies.push({ url: 'startTest (resumed)', body: (await start(agent, exam.test.id)).json() });
    const ids = [
      made.seminar.id,
      made.chapter.id,
      made.test.id,
      exam.test.id,
      open.user_graduate_id,
      earlier.user_graduate_id,
      made.questions[0]!.question.id,
      made.questions[0]!.answers[0]!.id,
      s.id,
    ];
    const routes = t.app.routeList.filter(
      (r) => r.method === 'GET' && r.url.startsWith('/api/') && !r.url.startsWith('/api/docs'),
    );
    expect(routes.length).toBeGreaterThan(20);
    let reached = 0;
    for (const r of routes) {
      const urls = r.url.includes(':') ? ids.map((id) => r.url.replace(/:\w+/g, String(id))) : [r.url];
      for (const base of urls) {
        for (const url of [base, `${base}?seminar_id=${made.seminar.id}`]) {
          const got = await agent.get(url);
          if (got.statusCode >= 300 || !String(got.headers['content-type']).includes('json')) continue;
          reached++;
          bodies.push({ url, body: got.json() });
        }
      }
    }
    expect(reached).toBeGreaterThan(10);
    const urls = bodies.map((b) => b.url);
    expect(urls).toContain('/api/mc_tests/user/assigned');
    expect(urls).toContain('/api/graduate/history/student');
    expect(urls).toContain(`/api/mc_tests/chapter/${made.chapter.id}`);
    // the finished practice run's review is the only place the key may be (issue 36 item 4)
    const withoutReview = (body: unknown) =>
      JSON.parse(JSON.stringify(body), function (this: Record<string, unknown>, key, value) {
        return key === 'result' && this.id === earlier.user_graduate_id ? null : value;
      });
    const leaks = bodies
      .filter((b) =>
        [...keysOf(withoutReview(b.body))].some((k) => SOLUTION_KEY.test(k) || k === 'explanation'),
      )
      .map((b) => b.url);
    expect(leaks).toEqual([]);
  });

  it('lists the student’s own history: practice with per-question review, exam without', async () => {
    const s = await t.make.user();
    const agent = await t.loginAs(s.email);
    const practice = await mx.bookedTest(trainerId, [s.id], { mode: 'practice', label: 'Übung' });
    const exam = await mx.bookedTest(trainerId, [s.id, studentId], { label: 'Prüfung', percent: 80 });
    const p = (await start(agent, practice.test.id)).json() as StartedRun;
    await stop(agent, p.user_graduate_id, answersFor(p, practice, true));
    const e = (await start(agent, exam.test.id)).json() as StartedRun;
    await stop(
      agent,
      e.user_graduate_id,
      answersFor(e, exam, (i) => i === 0),
    );
    const open = (await start(student, exam.test.id)).json() as StartedRun;
    expect(open.user_graduate_id).toBeGreaterThan(0);
    const res = await agent.get('/api/graduate/history/student/');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(2);
    expect(body.data[0]).toMatchObject({
      id: e.user_graduate_id,
      mc_test_id: exam.test.id,
      label: 'Prüfung',
      percent: 80,
      mode: 'exam',
      accomp: false,
      achievedPercent: 50,
      result: null,
      passed: 0,
    });
    expect(body.data[0].stopDateTime).toEqual(expect.any(String));
    expect(body.data[1]).toMatchObject({
      label: 'Übung',
      mode: 'practice',
      accomp: true,
      achievedPercent: 100,
    });
    expect(body.data[1].result.questions).toHaveLength(2);
    // only the caller's own runs
    expect(body.data.map((r: { id: number }) => r.id)).not.toContain(open.user_graduate_id);
    // paging
    const page = (await agent.get('/api/graduate/history/student?per_page=1&page=2')).json();
    expect(page).toMatchObject({ current_page: 2, last_page: 2, per_page: 1, total: 2 });
    expect(page.data[0].id).toBe(p.user_graduate_id);
    expect((await t.agent().get('/api/graduate/history/student')).statusCode).toBe(401);
  });

  it('the owner history shows a start, a stop and a renamed student at the next request', async () => {
    const tr = await t.make.user({ scopes: ['trainer'] });
    const owner = await t.loginAs(tr.email);
    const taker = await t.make.user();
    const student = await t.loginAs(taker.email);
    const made = await mx.bookedTest(tr.id, [taker.id], { label: 'Fresh history' });
    const history = async () => (await owner.get('/api/graduate/history/owner')).json();
    expect((await history()).total).toBe(0);
    const run = (await start(student, made.test.id)).json() as StartedRun;
    // the total was counted (and kept for two seconds) before the start: the start drops it
    expect(await history()).toMatchObject({
      total: 1,
      data: [{ user_graduate_id: run.user_graduate_id, stopDateTime: null }],
    });
    const stopped = await stop(
      student,
      run.user_graduate_id,
      run.questions.map((q) => ({ questionId: q.id, answerIds: [] })),
    );
    expect(stopped.statusCode).toBe(200);
    expect((await history()).data[0].stopDateTime).toEqual(expect.any(String));
    const renamed = await student.post('/api/user/update', {
      first_name: 'Umbenannt',
      last_name: 'Neu',
      username: taker.username,
      email: taker.email,
    });
    expect(renamed.statusCode).toBe(200);
    expect((await history()).data[0]).toMatchObject({ firstName: 'Umbenannt', lastName: 'Neu' });
  });

  it('shows owners the runs of their tests only, in a constant number of queries', async () => {
    const tr = await t.make.user({ scopes: ['trainer'] });
    const owner = await t.loginAs(tr.email);
    const made = await mx.bookedTest(tr.id, [studentId, student2Id], {
      mode: 'practice',
      label: 'Owner history',
    });
    const exam = await mx.test(tr.id, { chapterId: made.chapter.id, label: 'Owner exam' });
    await mx.run(made.test.id, studentId, {
      stopped: true,
      right: true,
      startedAt: new Date(Date.now() - 3000),
    });
    await mx.run(exam.test.id, student2Id, {
      stopped: true,
      right: false,
      startedAt: new Date(Date.now() - 2000),
    });
    await mx.run(exam.test.id, studentId, { startedAt: new Date(Date.now() - 1000) });
    const res = await owner.get('/api/graduate/history/owner/');
    expect(res.statusCode).toBe(200);
    const rows = res.json().data;
    expect(rows).toHaveLength(3);
    const [open, failed, passedPractice] = rows;
    expect(open).toMatchObject({
      id: exam.test.id,
      label: 'Owner exam',
      user_id: studentId,
      accomp: null,
      visible: 0,
      achievedPercent: null,
      result: null,
      passed: 0,
      stopDateTime: null,
    });
    expect(failed).toMatchObject({
      id: exam.test.id,
      user_id: student2Id,
      accomp: false,
      visible: 0,
      achievedPercent: 0,
      result: { right: 0, total: 2 },
    });
    expect(passedPractice).toMatchObject({
      id: made.test.id,
      mode: 'practice',
      accomp: true,
      visible: 1,
      achievedPercent: 100,
      result: { right: 2, total: 2 },
    });
    expect(passedPractice).toEqual(
      expect.objectContaining({
        firstName: 'Test',
        lastName: expect.any(String),
        user_graduate_id: expect.any(Number),
      }),
    );
    // filters
    expect((await owner.get(`/api/graduate/history/owner?mc_test_id=${exam.test.id}`)).json().total).toBe(2);
    const [s2] = await t.app.database.db.select().from(users).where(eq(users.id, student2Id));
    expect(
      (await owner.get(`/api/graduate/history/owner?q=${encodeURIComponent(s2!.email)}`)).json().total,
    ).toBe(1);
    // others see none of them; admins see them
    expect((await other.get(`/api/graduate/history/owner?mc_test_id=${exam.test.id}`)).json().total).toBe(0);
    expect((await admin.get(`/api/graduate/history/owner?mc_test_id=${exam.test.id}`)).json().total).toBe(2);
    expect((await student.get('/api/graduate/history/owner')).statusCode).toBe(403);
    // constant number of queries: 3 runs vs 40 runs. What may be kept for a while (the session,
    // the run counts for 2 s) is kept in both, whatever time the 37 inserts take on a loaded
    // machine: the app's clock stands still while counting, so the two requests differ in their
    // rows only
    const count = async () => {
      const before = t.app.database.queryCount();
      const r = await owner.get('/api/graduate/history/owner?per_page=100');
      expect(r.statusCode).toBe(200);
      return { queries: t.app.database.queryCount() - before, rows: r.json().data.length };
    };
    stoppedAt = Date.now();
    try {
      await count(); // warm-up (session lookup, run counts)
      const small = await count();
      for (let i = 0; i < 37; i++)
        await mx.run(made.test.id, i % 2 ? studentId : student2Id, { stopped: true, right: i % 3 === 0 });
      const large = await count();
      expect(large.rows).toBe(40);
      expect(large.queries).toBe(small.queries);
      expect(small.queries).toBeLessThanOrEqual(3);
    } finally {
      stoppedAt = null;
    }
  });

  it('the owner history gives start and stop to the millisecond (a stored microsecond is cut, not rounded)', async () => {
    const tr = await t.make.user({ scopes: ['trainer'] });
    const owner = await t.loginAs(tr.email);
    const made = await mx.bookedTest(tr.id, [studentId], { label: 'Times' });
    const stopped = await mx.run(made.test.id, studentId, {
      stopped: true,
      right: true,
      startedAt: new Date('2026-03-04T05:06:07.089Z'),
    });
    const open = await mx.run(made.test.id, studentId, { startedAt: new Date('2026-03-04T05:16:07.000Z') });
    await t.app.database.db
      .update(userGraduateMctests)
      .set({ startedAt: sql`'2026-03-04T05:16:08.123999Z'::timestamptz` })
      .where(eq(userGraduateMctests.id, open.id));
    // the trainer's own runs (one statement) and one test's runs (the filtered one)
    for (const url of [
      '/api/graduate/history/owner',
      `/api/graduate/history/owner?mc_test_id=${made.test.id}`,
    ]) {
      const rows = (await owner.get(url)).json().data;
      expect(rows).toMatchObject([
        { user_graduate_id: open.id, startDateTime: '2026-03-04T05:16:08.123Z', stopDateTime: null },
        {
          user_graduate_id: stopped.id,
          startDateTime: '2026-03-04T05:06:07.089Z',
          stopDateTime: '2026-03-04T05:07:07.089Z',
        },
      ]);
    }
  });

  it('confirms the graduation of an accomplished run, undoes it, refuses failed and open runs and strangers', async () => {
    const made = await mx.bookedTest(trainerId, [studentId, student2Id]);
    const ok = await mx.run(made.test.id, studentId, { stopped: true, right: true });
    const failed = await mx.run(made.test.id, student2Id, { stopped: true, right: false });
    const open = await mx.run(made.test.id, student2Id);
    const confirm = (agent: Agent, userGraduateId: number, passed?: 0 | 1) =>
      agent.patch('/api/graduate/confirm', { userGraduateId, ...(passed !== undefined ? { passed } : {}) });
    const res = await confirm(trainer, ok.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ user_graduate_id: ok.id, passed: 1, accomp: true });
    const [row] = await t.app.database.db
      .select()
      .from(userGraduateMctests)
      .where(eq(userGraduateMctests.id, ok.id));
    expect(row).toMatchObject({ passed: 1, confirmedBy: trainerId });
    // idempotent: the first confirmation's time stays
    await confirm(trainer, ok.id);
    const [same] = await t.app.database.db
      .select()
      .from(userGraduateMctests)
      .where(eq(userGraduateMctests.id, ok.id));
    expect(same!.confirmedAt).toEqual(row!.confirmedAt);
    const list = (await trainer.get(`/api/mc_tests/${made.test.id}/usergraduate/`)).json();
    const listed = list.user_graduate_mctests.find((r: { id: number }) => r.id === ok.id);
    expect(listed).toMatchObject({ passed: 1, user: { id: studentId }, confirmed_by: { id: trainerId } });
    expect(list.user_graduate_results).toEqual([]);
    // undo
    expect((await confirm(trainer, ok.id, 0)).json()).toMatchObject({ passed: 0 });
    for (const id of [failed.id, open.id]) {
      const r = await confirm(admin, id);
      expect(r.statusCode).toBe(409);
      expect(r.json().code).toBe('mc_test.not_accomplished');
    }
    expect((await confirm(other, ok.id)).statusCode).toBe(404);
    expect((await confirm(student, ok.id)).statusCode).toBe(403);
    expect((await confirm(trainer, 999_999)).statusCode).toBe(404);
    expect(
      (await trainer.patch('/api/graduate/confirm', { userGraduateId: ok.id, passed: 2 })).statusCode,
    ).toBe(422);
    const [after] = await t.app.database.db
      .select()
      .from(userGraduateMctests)
      .where(eq(userGraduateMctests.id, ok.id));
    expect(after!.passed).toBe(0);
    // the admin confirms for the owner
    expect((await confirm(admin, ok.id)).json().passed).toBe(1);
    // one audit entry per change, none for a repeat or a refusal
    const audit = await t.app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'graduation'), eq(auditLog.targetId, ok.id)))
      .orderBy(asc(auditLog.id));
    expect(audit.map((a) => [a.action, a.actorId, a.before, a.after])).toEqual([
      ['graduation.confirmed', trainerId, { passed: 0 }, { passed: 1 }],
      ['graduation.unconfirmed', trainerId, { passed: 1 }, { passed: 0 }],
      ['graduation.confirmed', adminId, { passed: 0 }, { passed: 1 }],
    ]);
    expect(audit[0]!.targetLabel).toContain(made.test.label);
  });

  it('reports runs, pass rate, score distribution and per-question correct rates', async () => {
    const made = await mx.bookedTest(trainerId, [studentId, student2Id], { questions: 2, percent: 50 });
    await mx.run(made.test.id, studentId, { stopped: true, right: true });
    await mx.run(made.test.id, student2Id, { stopped: true, right: false });
    await mx.run(made.test.id, student2Id);
    const res = await trainer.get(`/api/mc_tests/${made.test.id}/report`);
    expect(res.statusCode).toBe(200);
    const r = res.json();
    expect(r).toMatchObject({ runs: 3, finished: 2, accomplished: 1, pass_rate: 50, average_percent: 50 });
    expect(r.distribution).toEqual([1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1]);
    expect(r.questions).toEqual(
      made.questions.map((q) => ({
        question_id: q.question.id,
        label: q.question.label,
        answered: 2,
        right: 1,
        rate: 50,
      })),
    );
    expect(r.mc_test).toMatchObject({ id: made.test.id, runs_count: 3, questions_count: 2 });
    expect((await other.get(`/api/mc_tests/${made.test.id}/report`)).statusCode).toBe(404);
    expect((await student.get(`/api/mc_tests/${made.test.id}/report`)).statusCode).toBe(403);
  });

  it("labels each question of the report as the newest result's snapshot named it", async () => {
    const made = await mx.bookedTest(trainerId, [studentId, student2Id], { questions: 2 });
    const [q0, q1] = made.questions.map((q) => q.question);
    const labels = async () =>
      (
        (await trainer.get(`/api/mc_tests/${made.test.id}/report`)).json().questions as { label: string }[]
      ).map((q) => q.label);
    const hour = 3_600_000;
    await mx.run(made.test.id, studentId, {
      stopped: true,
      right: true,
      startedAt: new Date(Date.now() - 2 * hour),
    });
    await t.app.database.db.update(questions).set({ label: 'Renamed' }).where(eq(questions.id, q0!.id));
    // a later run (a larger id) whose result is older: the earlier run's label still counts
    await mx.run(made.test.id, student2Id, {
      stopped: true,
      right: true,
      startedAt: new Date(Date.now() - 3 * hour),
    });
    expect(await labels()).toEqual([q0!.label, q1!.label]);
    // the newest result's snapshot names it now
    await mx.run(made.test.id, student2Id, {
      stopped: true,
      right: false,
      startedAt: new Date(Date.now() - hour),
    });
    expect(await labels()).toEqual(['Renamed', q1!.label]);
  });

  it('exports an .xlsx of runs and per-question rates, safe against formula injection', async () => {
    const evil = await t.make.user();
    await t.app.database.db
      .update(users)
      .set({ firstName: '=HYPERLINK("http://evil","x")', lastName: '+1' })
      .where(eq(users.id, evil.id));
    const label = 'Prüfung "Q1"\r\n../=x';
    const made = await mx.bookedTest(trainerId, [studentId, evil.id], { label, questions: 2 });
    await t.app.database.db
      .update(questions)
      .set({ label: '<p>@SUM(1,2) &amp; <b>mehr</b></p>' })
      .where(eq(questions.id, made.questions[0]!.question.id));
    const passed = await mx.run(made.test.id, studentId, { stopped: true, right: true, passed: true });
    await mx.run(made.test.id, evil.id, { stopped: true, right: false });
    await mx.run(made.test.id, evil.id);
    const res = await trainer.get(`/api/graduate/export/${made.test.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const disposition = String(res.headers['content-disposition']);
    expect(disposition).toMatch(
      /^attachment; filename="Prufung _Q1_\.\._x_\d{8}-\d{6}\.xlsx"; filename\*=UTF-8''Pr%C3%BCfung%20_Q1_\.\._x_\d{8}-\d{6}\.xlsx$/,
    );
    expect(disposition).not.toMatch(/[\r\n/]/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Durchläufe', 'Fragen', 'Itemanalyse']);
    const runs = wb.worksheets[0]!;
    const values = (row: number) => (runs.getRow(row).values as unknown[]).slice(1);
    expect(values(1)).toEqual([
      'Name',
      'E-Mail',
      'Start',
      'Abgabe',
      'Erreicht (%)',
      'Bestanden',
      'Bestätigt',
    ]);
    expect(runs.rowCount).toBe(4);
    const all = [2, 3, 4].map(values);
    const [s1] = await t.app.database.db.select().from(users).where(eq(users.id, studentId));
    const mine = all.find((v) => v[1] === s1!.email)!;
    expect(mine.slice(4)).toEqual([100, 'ja', 'ja']);
    expect(mine[2]).toBeInstanceOf(Date);
    expect((mine[2] as Date).getTime()).toBe(passed.startedAt.getTime());
    const evilRows = all.filter((v) => v[1] === evil.email);
    expect(evilRows).toHaveLength(2);
    expect(evilRows[0]![0]).toBe(`'=HYPERLINK("http://evil","x") +1`);
    expect(evilRows.map((v) => v.slice(4))).toEqual(
      expect.arrayContaining([
        [0, 'nein', 'nein'],
        [undefined, undefined, 'nein'],
      ]),
    );
    const qs = wb.worksheets[1]!;
    expect((qs.getRow(1).values as unknown[]).slice(1)).toEqual([
      'Frage',
      'Beantwortet',
      'Richtig',
      'Richtig (%)',
    ]);
    expect((qs.getRow(2).values as unknown[]).slice(1)).toEqual(["'@SUM(1,2) & mehr", 2, 1, 50]);
    expect(qs.rowCount).toBe(3);
    // no formula cell anywhere
    for (const ws of wb.worksheets)
      ws.eachRow((row) => row.eachCell((cell) => expect(cell.type).not.toBe(ExcelJS.ValueType.Formula)));
    // English headers under Accept-Language en
    trainer.lang = 'en';
    const en = await trainer.get(`/api/graduate/export/${made.test.id}`);
    trainer.lang = 'de';
    const wbEn = new ExcelJS.Workbook();
    await wbEn.xlsx.load(en.rawPayload as unknown as ArrayBuffer);
    expect(wbEn.worksheets.map((w) => w.name)).toEqual(['Runs', 'Questions', 'Item analysis']);
    expect((await other.get(`/api/graduate/export/${made.test.id}`)).statusCode).toBe(404);
    expect((await student.get(`/api/graduate/export/${made.test.id}`)).statusCode).toBe(403);
    expect((await trainer.get('/api/graduate/export/999999')).statusCode).toBe(404);
  });

  it('keeps one result per run: a result row cannot be stored twice', async () => {
    const made = await mx.bookedTest(trainerId, [studentId]);
    const run = await mx.run(made.test.id, studentId, { stopped: true, right: true });
    await expect(
      t.app.database.db.insert(userGraduateResults).values({ userGraduateMctestId: run.id, choices: [] }),
    ).rejects.toThrow();
    const [count] = await t.app.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(userGraduateResults)
      .where(eq(userGraduateResults.userGraduateMctestId, run.id));
    expect(count!.n).toBe(1);
  });
});
