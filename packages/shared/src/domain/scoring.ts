/**
 * The pass rule of spec section 5, implemented once for server and web.
 * A question counts as correct only if every answer's chosen state equals its correct
 * state. Its weight is `points` when above 0, else 1. The achieved fraction is the weighted
 * share of correct questions; a run is accomplished when 100 × fraction ≥ threshold.
 */
export interface ScoredAnswer {
  id: number;
  correct: boolean;
}
export interface ScoredQuestion {
  id: number;
  points?: number | null;
  answers: readonly ScoredAnswer[];
}

export interface ScoreResult {
  /** weighted share of correct questions, 0..1 */
  fraction: number;
  /** 100 × fraction, rounded to two decimals */
  achievedPercent: number;
  accomp: boolean;
  perQuestion: { questionId: number; correct: boolean; weight: number }[];
}

export const questionWeight = (q: Pick<ScoredQuestion, 'points'>): number =>
  q.points != null && q.points > 0 ? q.points : 1;

export function scoreMcTestRun(
  questions: readonly ScoredQuestion[],
  chosen: ReadonlyMap<number, ReadonlySet<number>>,
  percentToAccomplish: number,
): ScoreResult {
  let total = 0;
  let achieved = 0;
  const perQuestion = questions.map((q) => {
    const picked = chosen.get(q.id) ?? new Set<number>();
    const correct = q.answers.every((a) => picked.has(a.id) === a.correct);
    const weight = questionWeight(q);
    total += weight;
    if (correct) achieved += weight;
    return { questionId: q.id, correct, weight };
  });
  const fraction = total === 0 ? 0 : achieved / total;
  // compare the exact weights, not the rounded percent: 100 × achieved ≥ threshold × total
  // (exact in integers for integer points and thresholds; the tolerance only absorbs the float
  // error of a fractional threshold such as 66.66)
  const accomp = total > 0 && achieved * 100 >= percentToAccomplish * total - 1e-9 * total;
  return { fraction, achievedPercent: Math.round(fraction * 10000) / 100, accomp, perQuestion };
}
