import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mcTests, questions, userGraduateMctests } from '../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { DEMO_PASSWORD, seedDemoData } from './seed.ts';

describe('demo tests', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    await seedDemoData(t.app.database.db, { onlyIfEmpty: true, files: t.app.files });
  });
  afterAll(() => t.close());

  it('has a pool, an exam and a practice test on the booked seminar, and the student’s runs', async () => {
    const trainer = await t.loginAs('trainer@example.com', DEMO_PASSWORD);
    expect((await trainer.get('/api/questions')).json().total).toBe(6);
    const tests = (await trainer.get('/api/mc_tests')).json().data;
    expect(tests.map((x: { label: string }) => x.label).sort()).toEqual([
      'Abschlusstest Projektarbeit',
      'Übung: Ziele und Planung',
    ]);
    const exam = tests.find((x: { mode: string }) => x.mode === 'exam');
    expect(exam).toMatchObject({
      enabled: 1,
      percent_to_accomplish: 60,
      questions_count: 5,
      runs_count: 2,
      chapter: { unlocked: 1, seminar: { slug: 'einfuehrung-in-die-projektarbeit' } },
    });
    const examQuestions = (await trainer.get(`/api/mc_tests/${exam.id}/questions`)).json();
    expect(examQuestions.map((q: { points: number | null }) => q.points)).toEqual([
      3,
      null,
      null,
      null,
      null,
    ]);

    const student = await t.loginAs('student@example.com', DEMO_PASSWORD);
    const assigned = (await student.get('/api/mc_tests/user/assigned')).json();
    expect(
      assigned
        .map((x: { label: string; can_start: boolean; accomp: boolean }) => [x.label, x.can_start, x.accomp])
        .sort(),
    ).toEqual([
      ['Abschlusstest Projektarbeit', false, true],
      ['Übung: Ziele und Planung', true, true],
    ]);
    const history = (await student.get('/api/graduate/history/student')).json().data;
    expect(
      history.map((r: { label: string; achievedPercent: number; accomp: boolean }) => [
        r.label,
        r.achievedPercent,
        r.accomp,
      ]),
    ).toEqual([
      ['Übung: Ziele und Planung', 80, true],
      ['Abschlusstest Projektarbeit', 71.43, true],
      ['Abschlusstest Projektarbeit', 28.57, false],
    ]);
    // the practice run can be played again; the run's answers score like the stored result
    const run = await student.post('/api/graduate/startTest', {
      id: assigned.find((x: { mode: string }) => x.mode === 'practice').id,
    });
    expect(run.statusCode).toBe(201);
    const owner = (await trainer.get('/api/graduate/history/owner')).json();
    expect(owner.total).toBe(4);
    const passed = owner.data.find((r: { achievedPercent: number | null }) => r.achievedPercent === 71.43);
    expect(
      (await trainer.patch('/api/graduate/confirm', { userGraduateId: passed.user_graduate_id })).json()
        .passed,
    ).toBe(1);
    expect((await trainer.get(`/api/graduate/export/${exam.id}`)).statusCode).toBe(200);
  });

  it('is idempotent', async () => {
    const count = async () => {
      const [a] = await t.app.database.db.select({ n: sql<number>`count(*)::int` }).from(mcTests);
      const [b] = await t.app.database.db.select({ n: sql<number>`count(*)::int` }).from(questions);
      const [c] = await t.app.database.db.select({ n: sql<number>`count(*)::int` }).from(userGraduateMctests);
      return [a!.n, b!.n, c!.n];
    };
    const before = await count();
    await seedDemoData(t.app.database.db, { onlyIfEmpty: false, files: t.app.files });
    expect(await count()).toEqual(before);
  });
});
