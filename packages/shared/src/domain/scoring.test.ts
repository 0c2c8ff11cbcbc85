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
