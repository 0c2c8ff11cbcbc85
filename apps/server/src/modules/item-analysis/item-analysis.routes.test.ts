import type { ItemAnalysis, StartedRun } from '@elearn/shared';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Agent, buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { scoredRun } from '../../test/item-analysis-fixtures.ts';
import { mcTestFixtures } from '../../test/mc-test-fixtures.ts';

describe('GET /api/mc_tests/{id}/item-analysis', () => {
  let t: TestApp;
  let mx: ReturnType<typeof mcTestFixtures>;
  let trainer: Agent;
  let trainerId: number;
  let other: Agent;
  let admin: Agent;
  let student: Agent;
  let studentId: number;

  beforeAll(async () => {
    t = await buildTestApp({ rateLimitFactor: 100 });
    mx = mcTestFixtures(t.app);
    const [tr, ot, ad, st] = await Promise.all([
      t.make.user({ scopes: ['trainer'] }),
      t.make.user({ scopes: ['trainer'] }),
      t.make.user({ scopes: ['admin'] }),
      t.make.user(),
    ]);
    trainerId = tr.id;
    studentId = st.id;
    [trainer, other, admin, student] = await Promise.all([
      t.loginAs(tr.email),
      t.loginAs(ot.email),
      t.loginAs(ad.email),
      t.loginAs(st.email),
    ]);
  });
  afterAll(() => t.close());

  const url = (id: number, query = '') => `/api/mc_tests/${id}/item-analysis${query}`;
  const db = () => t.app.database.db;

  it('analyses the runs a student took through the player (practice, several times)', async () => {
    const made = await mx.bookedTest(trainerId, [studentId], { mode: 'practice', questions: 2 });
    const correct = new Map(made.questions.flatMap((q) => q.answers.map((a) => [a.id, a.correct] as const)));
    // three runs: both right; first right only; both wrong
    for (const pattern of [
      [true, true],
      [true, false],
      [false, false],
    ]) {
      const started = await student.post('/api/graduate/startTest/', { id: made.test.id });
      expect(started.statusCode).toBe(201);
      const run = started.json() as StartedRun;
      const stopped = await student.patch('/api/graduate/stopTest/', {
        resultSet: {
          userGraduateId: run.user_graduate_id,
          questions: run.questions.map((q) => ({
            questionId: q.id,
            answerIds: q.answers
              .filter((a) =>
                pattern[made.questions.findIndex((m) => m.question.id === q.id)]
                  ? correct.get(a.id)
                  : !correct.get(a.id),
              )
              .map((a) => a.id),
          })),
        },
      });
      expect(stopped.statusCode).toBe(200);
    }
    // an open run is not counted
    expect((await student.post('/api/graduate/startTest/', { id: made.test.id })).statusCode).toBe(201);

    const res = await trainer.get(url(made.test.id));
    expect(res.statusCode).toBe(200);
    const body = res.json() as ItemAnalysis;
    expect(body).toMatchObject({
      mc_test: { id: made.test.id, label: made.test.label, mode: 'practice' },
      filter: { from: null, to: null, mode: null },
      runs: 3,
      upper_runs: 1,
      lower_runs: 1,
    });
    expect(body.questions.map((q) => [q.question_id, q.runs, q.right, q.facility, q.in_pool])).toEqual([
      [made.questions[0]!.question.id, 3, 2, 0.6667, true],
      [made.questions[1]!.question.id, 3, 1, 0.3333, true],
    ]);
    // the best run (both right) is the upper group, the worst (both wrong) the lower one
    expect(body.questions[0]).toMatchObject({ upper_lower: 1, flags: ['too_few_runs'] });
    const picked = body.questions[0]!.answers.find((a) => a.correct)!;
    expect(picked).toMatchObject({ chosen: 2, share: 0.6667, upper_share: 1, lower_share: 0 });
    expect((await admin.get(url(made.test.id))).json().runs).toBe(3);
  });

  it('filters by mode and by the runs’ start day (inclusive, UTC)', async () => {
    const made = await mx.test(trainerId, { questions: 2 });
    const at = (day: string) => new Date(`${day}T12:00:00Z`);
    await scoredRun(db(), made.test.id, studentId, [true, true], { startedAt: at('2026-03-01') });
    await scoredRun(db(), made.test.id, studentId, [true, false], { startedAt: at('2026-03-02') });
    await scoredRun(db(), made.test.id, studentId, [false, false], {
      startedAt: at('2026-03-03'),
      mode: 'practice',
    });
    const runs = async (query: string) => {
      const res = await trainer.get(url(made.test.id, query));
      expect(res.statusCode).toBe(200);
      return (res.json() as ItemAnalysis).runs;
    };
    expect(await runs('')).toBe(3);
    expect(await runs('?mode=exam')).toBe(2);
    expect(await runs('?mode=practice')).toBe(1);
    expect(await runs('?from=2026-03-02')).toBe(2);
    expect(await runs('?to=2026-03-02')).toBe(2);
    expect(await runs('?from=2026-03-02&to=2026-03-02')).toBe(1);
    expect(await runs('?from=2026-03-04')).toBe(0);
    const one = await trainer.get(url(made.test.id, '?from=2026-03-01&to=2026-03-01&mode=exam'));
    expect(one.json()).toMatchObject({
      filter: { from: '2026-03-01', to: '2026-03-01', mode: 'exam' },
      runs: 1,
      questions: [{ facility: 1 }, { facility: 1 }],
    });
  });

  it('refuses bad filters with 422 in the request’s language', async () => {
    const made = await mx.test(trainerId);
    trainer.lang = 'en';
    const bad = await trainer.get(url(made.test.id, '?from=2026-03-05&to=2026-03-01'));
    trainer.lang = 'de';
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.to).toEqual(['The end date cannot be before the start date.']);
    const de = await trainer.get(url(made.test.id, '?from=2026-03-05&to=2026-03-01'));
    expect(de.json().errors.to).toEqual(['Das Enddatum darf nicht vor dem Startdatum liegen.']);
    for (const query of ['?from=2026-02-30', '?to=yesterday', '?mode=quiz']) {
      const res = await trainer.get(url(made.test.id, query));
      expect(res.statusCode, query).toBe(422);
      expect(res.json().code).toBe('validation_failed');
    }
  });

  it('is for the test’s owner and admins only', async () => {
    const made = await mx.test(trainerId);
    expect((await other.get(url(made.test.id))).statusCode).toBe(404);
    expect((await student.get(url(made.test.id))).statusCode).toBe(403);
    expect((await t.agent().get(url(made.test.id))).statusCode).toBe(401);
    expect((await admin.get(url(made.test.id))).statusCode).toBe(200);
    expect((await trainer.get(url(999_999))).statusCode).toBe(404);
  });

  it('takes the same number of queries for 3 and for 40 runs', async () => {
    const made = await mx.test(trainerId, { questions: 3 });
    const count = async () => {
      const before = t.app.database.queryCount();
      const res = await trainer.get(url(made.test.id));
      expect(res.statusCode).toBe(200);
      return { queries: t.app.database.queryCount() - before, runs: (res.json() as ItemAnalysis).runs };
    };
    for (let i = 0; i < 3; i++) await scoredRun(db(), made.test.id, studentId, [i > 0, i > 1, true]);
    await count(); // warm-up (the session lookup is cached after a write elsewhere)
    const small = await count();
    for (let i = 0; i < 37; i++)
      await scoredRun(db(), made.test.id, studentId, [i % 2 === 0, i % 3 === 0, i % 5 > 0]);
    await count();
    const large = await count();
    expect([small.runs, large.runs]).toEqual([3, 40]);
    expect(large.queries).toBe(small.queries);
    // the session (PostgreSQL only), the access check, the look for pending item rows, two statements
    expect(large.queries).toBeLessThanOrEqual(5);
  });

  it('adds the sheet "Item analysis" to the .xlsx export, with flags explained in the request’s language', async () => {
    const made = await mx.test(trainerId, { questions: 2, label: 'Export Itemanalyse' });
    for (let i = 0; i < 4; i++) await scoredRun(db(), made.test.id, studentId, [true, i % 2 === 0]);
    const sheetOf = async (lang: string) => {
      trainer.lang = lang;
      const res = await trainer.get(`/api/graduate/export/${made.test.id}`);
      trainer.lang = 'de';
      expect(res.statusCode).toBe(200);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      expect(wb.worksheets).toHaveLength(3);
      return wb.worksheets[2]!;
    };
    const de = await sheetOf('de');
    expect(de.name).toBe('Itemanalyse');
    const values = (ws: ExcelJS.Worksheet, n: number) => (ws.getRow(n).values as unknown[]).slice(1);
    expect(values(de, 1)[0]).toBe('Frage');
    // question 1 (always right), its three answers, question 2 (right in half the runs), …
    expect(de.rowCount).toBe(1 + 2 * 4);
    const q1 = values(de, 2);
    expect(q1[0]).toBe(made.questions[0]!.question.label.replace(/<[^>]*>/g, ''));
    expect(q1.slice(4, 9)).toEqual([4, 4, 1, undefined, 0]);
    expect(String(q1[12])).toContain('Zu leicht');
    expect(String(q1[12])).toContain('Zu wenige Durchläufe');
    expect(values(de, 3).slice(2, 12)).toEqual([
      'Richtig',
      'ja',
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      100,
      100,
      100,
    ]);
    const q2 = values(de, 6);
    expect(q2.slice(4, 7)).toEqual([4, 2, 0.5]);
    const en = await sheetOf('en');
    expect(en.name).toBe('Item analysis');
    expect(String(values(en, 2)[12])).toContain('Too easy');
  });
});
