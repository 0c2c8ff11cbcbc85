import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mcTestQuestions, questions } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { scoredRun } from '../../test/item-analysis-fixtures.ts';
import { mcTestRows } from '../../test/mc-test-fixtures.ts';
import { computeItemAnalysis } from './item-analysis.service.ts';
import { groupSize, itemFlags, pointBiserial } from './item-analysis.stats.ts';

describe('item statistics: pure parts', () => {
  it('computes the point-biserial correlation from sums (hand-computed)', () => {
    // x = [1,1,0,1,0], y = [1,0.5,0,1,0]: Σdxdy = 1, Σdx² = 1.2, Σdy² = 1 → r = 1/√1.2
    expect(pointBiserial({ n: 5, right: 3, sumY: 2.5, sumYRight: 2.5, sumYY: 2.25 })).toBeCloseTo(
      1 / Math.sqrt(1.2),
      10,
    );
    // no variance: every response right, or every rest score equal
    expect(pointBiserial({ n: 4, right: 4, sumY: 2, sumYRight: 2, sumYY: 1.5 })).toBeNull();
    expect(pointBiserial({ n: 4, right: 2, sumY: 2, sumYRight: 1, sumYY: 1 })).toBeNull();
    expect(pointBiserial({ n: 1, right: 1, sumY: 1, sumYRight: 1, sumYY: 1 })).toBeNull();
  });

  it('flags by the limits of the issue, each border exclusive', () => {
    expect(itemFlags({ runs: 10, facility: 0.95, discrimination: 0.2 })).toEqual([]);
    expect(itemFlags({ runs: 9, facility: 0.951, discrimination: 0.19 })).toEqual([
      'too_few_runs',
      'too_easy',
      'weak_discrimination',
    ]);
    expect(itemFlags({ runs: 30, facility: 0.19, discrimination: -0.01 })).toEqual([
      'too_hard',
      'negative_discrimination',
    ]);
    expect(itemFlags({ runs: 30, facility: 0.2, discrimination: null })).toEqual([]);
  });

  it('puts 27 % of the runs (rounded, at least one) in each group', () => {
    expect([0, 1, 3, 5, 6, 10, 100, 10_000].map(groupSize)).toEqual([0, 1, 1, 1, 2, 3, 27, 2700]);
  });
});

describe('item statistics in the database (hand-computed)', () => {
  let t: TestApp;
  let ownerId: number;
  let userId: number;

  beforeAll(async () => {
    t = await buildTestApp();
    ownerId = (await t.make.user({ scopes: ['trainer'] })).id;
    userId = (await t.make.user()).id;
  });
  afterAll(() => t.close());

  const db = () => t.app.database.db;
  const analyse = (test: { id: number; label: string; mode: string }) => computeItemAnalysis(db(), test, {});

  it('handles ties at the group borders, an all-right and an all-wrong question', async () => {
    const { test, questions: qs } = await mcTestRows(db()).test(ownerId, { questions: 4 });
    // Q1 always right, Q4 always wrong; scores (of 4): 2, 3, 2, 2, 2, 1
    const q23: [boolean, boolean][] = [
      [true, false],
      [true, true],
      [true, false],
      [false, true],
      [false, true],
      [false, false],
    ];
    for (const [q2, q3] of q23) await scoredRun(db(), test.id, userId, [true, q2, q3, false]);
    const report = await analyse(test);
    // 6 runs, k = round(1.62) = 2: the 2nd best score is 2/4 and every run tied with it is upper
    // (5 runs); the 2nd worst is also 2/4, so 5 runs are lower
    expect(report).toMatchObject({ runs: 6, upper_runs: 5, lower_runs: 5 });
    const [q1, q2, q3, q4] = report.questions;
    expect(report.questions.map((q) => q.question_id)).toEqual(qs.map((q) => q.question.id));
    expect(q1).toMatchObject({
      runs: 6,
      right: 6,
      facility: 1,
      discrimination: null,
      upper_lower: 0,
      upper_runs: 5,
      lower_runs: 5,
      flags: ['too_few_runs', 'too_easy'],
    });
    expect(q4).toMatchObject({
      runs: 6,
      right: 0,
      facility: 0,
      discrimination: null,
      upper_lower: 0,
      flags: ['too_few_runs', 'too_hard'],
    });
    // Q2: x = [1,1,1,0,0,0], rest (of 3) = [1,2,1,2,2,1] → r = -0.5 / 1.5 = -1/3;
    // upper: 3 of 5 right, lower: 2 of 5 → D = 0.2
    expect(q2).toMatchObject({ runs: 6, right: 3, facility: 0.5, discrimination: -0.3333, upper_lower: 0.2 });
    expect(q2!.flags).toEqual(['too_few_runs', 'negative_discrimination']);
    // Q3: x = [0,1,0,1,1,0], rest = [2,2,2,1,1,1] → r = -1/3; upper 3/5, lower 2/5
    expect(q3).toMatchObject({ right: 3, facility: 0.5, discrimination: -0.3333, upper_lower: 0.2 });
    // answers by id: the correct one, then the two wrong ones; wrong runs chose the first wrong one
    expect(q2!.answers.map((a) => [a.correct, a.chosen, a.share, a.upper_share, a.lower_share])).toEqual([
      [true, 3, 0.5, 0.6, 0.4],
      [false, 3, 0.5, 0.4, 0.6],
      [false, 0, 0, 0, 0],
    ]);
  });

  it('counts a question removed mid-way by its snapshot; a deleted question has no editor', async () => {
    const { test, questions: qs } = await mcTestRows(db()).test(ownerId, { questions: 3 });
    const runs: boolean[][] = [
      [true, true, true],
      [true, false, true],
      [false, false, false],
    ];
    for (const p of runs) await scoredRun(db(), test.id, userId, p);
    // Q3 is removed from the test and from the pool; two more runs without it
    await db().delete(mcTestQuestions).where(eq(mcTestQuestions.questionId, qs[2]!.question.id));
    await db().delete(questions).where(eq(questions.id, qs[2]!.question.id));
    await scoredRun(db(), test.id, userId, [true, true]);
    await scoredRun(db(), test.id, userId, [false, false]);

    const report = await analyse(test);
    // scores 1, 2/3, 0, 1, 0; k = 1: upper = the runs scoring 1 (two, tied), lower = scoring 0
    expect(report).toMatchObject({ runs: 5, upper_runs: 2, lower_runs: 2 });
    const [q1, q2, q3] = report.questions;
    // Q1: x = [1,1,0,1,0], rest = [1, 0.5, 0, 1, 0] → r = 1/√1.2 = 0.9129; D = 1 − 0 = 1
    expect(q1).toMatchObject({ runs: 5, right: 3, facility: 0.6, discrimination: 0.9129, upper_lower: 1 });
    expect(q1!.flags).toEqual(['too_few_runs']);
    expect(q1!.in_pool).toBe(true);
    // distractors: upper chose the correct answer, lower the first wrong one
    expect(q1!.answers.map((a) => [a.share, a.upper_share, a.lower_share])).toEqual([
      [0.6, 1, 0],
      [0.4, 0, 1],
      [0, 0, 0],
    ]);
    // Q2: x = [1,0,0,1,0], rest = [1,1,0,1,0] → r = 0.8 / 1.2 = 0.6667
    expect(q2).toMatchObject({ runs: 5, right: 2, facility: 0.4, discrimination: 0.6667, upper_lower: 1 });
    // Q3 (3 runs): x = [1,1,0], rest = [1, 0.5, 0] → r = 0.5 / √(2/3 · 0.5) = 0.866; in the
    // upper group only the first run had it, in the lower group only the third
    expect(q3).toMatchObject({
      question_id: qs[2]!.question.id,
      runs: 3,
      right: 2,
      facility: 0.6667,
      discrimination: 0.866,
      upper_lower: 1,
      upper_runs: 1,
      lower_runs: 1,
      in_pool: false,
    });
    expect(q3!.label).toBe(qs[2]!.question.label);
  });

  it('counts a question whose text changed as a second form, each by its own runs', async () => {
    const { test, questions: qs } = await mcTestRows(db()).test(ownerId, { questions: 2 });
    await scoredRun(db(), test.id, userId, [true, true]);
    await scoredRun(db(), test.id, userId, [false, true]);
    await db()
      .update(questions)
      .set({ label: '<p>Neu formuliert</p>' })
      .where(eq(questions.id, qs[0]!.question.id));
    await scoredRun(db(), test.id, userId, [true, false]);
    const report = await analyse(test);
    expect(report.runs).toBe(3);
    expect(
      report.questions.map((q) => [q.question_id, q.label, q.version, q.versions, q.runs, q.right]),
    ).toEqual([
      [qs[0]!.question.id, qs[0]!.question.label, 1, 2, 2, 1],
      [qs[0]!.question.id, '<p>Neu formuliert</p>', 2, 2, 1, 1],
      [qs[1]!.question.id, qs[1]!.question.label, 1, 1, 3, 2],
    ]);
  });

  it('answers with no runs: zero runs and no questions', async () => {
    const { test } = await mcTestRows(db()).test(ownerId, { questions: 2 });
    expect(await analyse(test)).toMatchObject({ runs: 0, upper_runs: 0, lower_runs: 0, questions: [] });
  });
});
