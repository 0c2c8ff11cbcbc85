import { describe, expect, it } from 'vitest';
import { questionWeight, scoreMcTestRun } from './scoring.ts';

const q = (id: number, correct: number[], wrong: number[], points?: number | null) => ({
  id,
  points,
  answers: [
    ...correct.map((a) => ({ id: a, correct: true })),
    ...wrong.map((a) => ({ id: a, correct: false })),
  ],
});
const pick = (entries: [number, number[]][]) => new Map(entries.map(([k, v]) => [k, new Set(v)]));

describe('scoreMcTestRun (spec section 5 pass rule)', () => {
  it('counts a question correct only when every answer state matches', () => {
    const questions = [q(1, [11, 12], [13]), q(2, [21], [22])];
    const r = scoreMcTestRun(
      questions,
      pick([
        [1, [11]],
        [2, [21]],
      ]),
      50,
    );
    expect(r.perQuestion.map((p) => p.correct)).toEqual([false, true]);
    expect(r.achievedPercent).toBe(50);
    expect(r.accomp).toBe(true);
  });

  it('weights by points above 0, else 1', () => {
    expect(questionWeight({ points: 3 })).toBe(3);
    expect(questionWeight({ points: 0 })).toBe(1);
    expect(questionWeight({ points: null })).toBe(1);
    const questions = [q(1, [11], [12], 3), q(2, [21], [22]), q(3, [31], [32], 0)];
    const r = scoreMcTestRun(questions, pick([[1, [11]]]), 60);
    expect(r.fraction).toBeCloseTo(3 / 5);
    expect(r.accomp).toBe(true);
    const r2 = scoreMcTestRun(
      questions,
      pick([
        [2, [21]],
        [3, [31]],
      ]),
      60,
    );
    expect(r2.fraction).toBeCloseTo(2 / 5);
    expect(r2.accomp).toBe(false);
  });

  it('a question without correct answers is right only when nothing is chosen', () => {
    const questions = [q(1, [], [11, 12])];
    expect(scoreMcTestRun(questions, pick([]), 100).accomp).toBe(true);
    expect(scoreMcTestRun(questions, pick([[1, [11]]]), 1).accomp).toBe(false);
  });

  it('passes exactly at the threshold and fails just below it', () => {
    const questions = [q(1, [1], [2]), q(2, [3], [4]), q(3, [5], [6])];
    const two = pick([
      [1, [1]],
      [2, [3]],
    ]);
    // 2/3 = 66.666…%: passes at 66.66 and at the exact fraction, fails at 66.67
    expect(scoreMcTestRun(questions, two, 66.66).accomp).toBe(true);
    expect(scoreMcTestRun(questions, two, 200 / 3).accomp).toBe(true);
    expect(scoreMcTestRun(questions, two, 66.67).accomp).toBe(false);
    expect(scoreMcTestRun(questions, two, 66.67).achievedPercent).toBe(66.67);
  });

  it('rounds the achieved percent to two decimals', () => {
    const questions = [q(1, [1], [2]), q(2, [3], [4]), q(3, [5], [6])];
    expect(scoreMcTestRun(questions, pick([[1, [1]]]), 0).achievedPercent).toBe(33.33);
  });

  it('an empty test is never accomplished; 0 % threshold passes any non-empty run', () => {
    expect(scoreMcTestRun([], pick([]), 0).accomp).toBe(false);
    expect(scoreMcTestRun([q(1, [1], [2])], pick([]), 0).accomp).toBe(true);
  });

  it('ignores chosen answers of questions that are not in the test', () => {
    const r = scoreMcTestRun(
      [q(1, [1], [2])],
      pick([
        [1, [1]],
        [99, [5]],
      ]),
      100,
    );
    expect(r.accomp).toBe(true);
  });
});

describe('scoreMcTestRun: boundaries and a property check against a reference', () => {
  const three = [q(1, [1], [2]), q(2, [3], [4]), q(3, [5], [6])];
  const twoRight = pick([
    [1, [1]],
    [2, [3]],
  ]);

  it('thresholds 0 and 100, and 2 of 3 questions at 66 and 67 %', () => {
    const all = pick([
      [1, [1]],
      [2, [3]],
      [3, [5]],
    ]);
    expect(scoreMcTestRun(three, all, 100).accomp).toBe(true);
    expect(scoreMcTestRun(three, twoRight, 100).accomp).toBe(false);
    expect(scoreMcTestRun(three, pick([]), 0)).toMatchObject({ accomp: true, achievedPercent: 0 });
    expect(scoreMcTestRun(three, twoRight, 66).accomp).toBe(true);
    expect(scoreMcTestRun(three, twoRight, 67).accomp).toBe(false);
  });

  it('treats points 0 and null alike (weight 1); all points 0 is an unweighted test', () => {
    const zero = [q(1, [1], [2], 0), q(2, [3], [4], 0), q(3, [5], [6], 0)];
    expect(scoreMcTestRun(zero, twoRight, 66)).toEqual(scoreMcTestRun(three, twoRight, 66));
    expect(scoreMcTestRun(zero, twoRight, 66).achievedPercent).toBe(66.67);
  });

  it('a question counts only with exactly the correct answers: a missing or an extra choice is wrong', () => {
    const multi = [q(1, [11, 12], [13, 14])];
    expect(scoreMcTestRun(multi, pick([[1, [11, 12]]]), 100).accomp).toBe(true);
    expect(scoreMcTestRun(multi, pick([[1, [11]]]), 1).accomp).toBe(false);
    expect(scoreMcTestRun(multi, pick([[1, [11, 12, 13]]]), 1).accomp).toBe(false);
    expect(scoreMcTestRun(multi, pick([[1, [11, 12, 13, 14]]]), 1).accomp).toBe(false);
  });

  it('rounds half away from zero to two decimals (1/8 = 12.5 %, 1/7 = 14.29 %, 1/3 = 33.33 %)', () => {
    const list = (n: number) => Array.from({ length: n }, (_, i) => q(i + 1, [100 + i], [200 + i]));
    expect(scoreMcTestRun(list(8), pick([[1, [100]]]), 0).achievedPercent).toBe(12.5);
    expect(scoreMcTestRun(list(7), pick([[1, [100]]]), 0).achievedPercent).toBe(14.29);
    expect(scoreMcTestRun(list(3), pick([[1, [100]]]), 0).achievedPercent).toBe(33.33);
  });

  /** an independent reference of spec section 5 in integer arithmetic */
  function reference(
    questions: { id: number; points: number | null; answers: { id: number; correct: boolean }[] }[],
    chosen: Map<number, Set<number>>,
    percent: number,
  ) {
    let total = 0;
    let achieved = 0;
    for (const question of questions) {
      const weight = question.points && question.points > 0 ? question.points : 1;
      total += weight;
      const picked = chosen.get(question.id) ?? new Set();
      let right = true;
      for (const a of question.answers) if (a.correct !== picked.has(a.id)) right = false;
      if (right) achieved += weight;
    }
    return { accomp: total > 0 && 100 * achieved >= percent * total, achieved, total };
  }

  it('agrees with the reference on 10,000 random tests (1–50 questions, points 0–10, 2–8 answers)', () => {
    // a small seeded PRNG (mulberry32) so that a failure is reproducible
    let seed = 20_240_601;
    const rand = () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
      return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
    };
    const int = (lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1));
    let mismatches = 0;
    for (let run = 0; run < 10_000; run++) {
      let answerId = 0;
      const questions = Array.from({ length: int(1, 50) }, (_, i) => ({
        id: i + 1,
        points: rand() < 0.2 ? null : int(0, 10),
        answers: Array.from({ length: int(2, 8) }, () => ({ id: ++answerId, correct: rand() < 0.4 })),
      }));
      const chosen = new Map(
        questions.map((qq) => [
          qq.id,
          new Set(qq.answers.filter((a) => (rand() < 0.7 ? a.correct : rand() < 0.5)).map((a) => a.id)),
        ]),
      );
      const percent = int(0, 100);
      const got = scoreMcTestRun(questions, chosen, percent);
      const want = reference(questions, chosen, percent);
      const wantPercent = Math.round((want.achieved / want.total) * 10000) / 100;
      if (got.accomp !== want.accomp || got.achievedPercent !== wantPercent || got.achievedPercent > 100)
        mismatches++;
    }
    expect(mismatches).toBe(0);
  });
});
