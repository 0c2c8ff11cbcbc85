import { ITEM_ANALYSIS_LIMITS, type ItemAnswerStat, type ItemFlag, type ItemStat } from '@elearn/shared';

/**
 * One group of the database's aggregation (item-analysis.repository.ts): the responses to one
 * question form (question id + item key) with the same rightness, the same chosen answers and the
 * same group membership, with the sums the point-biserial correlation needs.
 */
export interface ResponseGroup {
  questionId: number;
  itemKey: string;
  right: boolean;
  /** bit k: the k-th answer (by id) was chosen */
  chosen: number;
  upper: boolean;
  lower: boolean;
  /** responses in the group */
  count: number;
  /** responses with a rest score (not the only question of their run) */
  restCount: number;
  restSum: number;
  restSquares: number;
  firstRun: number;
  lastRun: number;
  position: number;
}

/** the question as asked in the item's newest run (from its stored answer coding) */
export interface AskedQuestion {
  label: string;
  inPool: boolean;
  answers: { id: number; label: string; correct: boolean }[];
}

const round4 = (v: number) => Math.round(v * 10_000) / 10_000;

/**
 * The point-biserial correlation of right/wrong with the rest score from the sums of the rest
 * scores of the right and of all responses (Pearson's r for a 0/1 variable). Null when either
 * side has no variance (every response right or every response wrong, or every rest score equal).
 */
export function pointBiserial(s: {
  n: number;
  right: number;
  sumY: number;
  sumYRight: number;
  sumYY: number;
}): number | null {
  const { n, right, sumY, sumYRight, sumYY } = s;
  if (n < 2) return null;
  const varX = n * right - right * right;
  const varY = n * sumYY - sumY * sumY;
  // sums of floats: a variance within rounding error of zero is zero
  if (varX <= 0 || varY <= 1e-12 * n * Math.max(sumYY, 1e-300)) return null;
  const r = (n * sumYRight - right * sumY) / Math.sqrt(varX * varY);
  return Math.max(-1, Math.min(1, r));
}

/** The flags of issue 17 for a question's figures (limits in ITEM_ANALYSIS_LIMITS). */
export function itemFlags(stat: {
  runs: number;
  facility: number;
  discrimination: number | null;
}): ItemFlag[] {
  const L = ITEM_ANALYSIS_LIMITS;
  const flags: ItemFlag[] = [];
  if (stat.runs < L.minRuns) flags.push('too_few_runs');
  if (stat.facility > L.easyAbove) flags.push('too_easy');
  if (stat.facility < L.hardBelow) flags.push('too_hard');
  if (stat.discrimination !== null) {
    if (stat.discrimination < 0) flags.push('negative_discrimination');
    else if (stat.discrimination < L.weakBelow) flags.push('weak_discrimination');
  }
  return flags;
}

/** Upper and lower group size: 27 % of the runs, rounded, at least one. */
export const groupSize = (runs: number): number =>
  runs === 0 ? 0 : Math.max(1, Math.round(ITEM_ANALYSIS_LIMITS.groupShare * runs));

/**
 * The per-question statistics from the aggregated groups: facility, point-biserial
 * discrimination against the rest of the test, upper-minus-lower difference, answer shares in
 * all runs and in the upper and lower group, flags. Question forms are ordered by their position
 * in the runs; forms of the same question are numbered by their first run.
 */
export function buildItemStats(
  groups: readonly ResponseGroup[],
  asked: (questionId: number, itemKey: string, lastRun: number) => AskedQuestion | undefined,
): ItemStat[] {
  const items = new Map<string, ResponseGroup[]>();
  for (const g of groups) {
    const key = `${g.questionId}/${g.itemKey}`;
    const list = items.get(key);
    if (list) list.push(g);
    else items.set(key, [g]);
  }
  const raw = [...items.values()].map((list) => {
    const first = list[0]!;
    let runs = 0;
    let right = 0;
    let upperRuns = 0;
    let upperRight = 0;
    let lowerRuns = 0;
    let lowerRight = 0;
    let n = 0;
    let rightWithRest = 0;
    let sumY = 0;
    let sumYRight = 0;
    let sumYY = 0;
    let firstRun = Number.POSITIVE_INFINITY;
    let lastRun = 0;
    let position = Number.POSITIVE_INFINITY;
    for (const g of list) {
      runs += g.count;
      if (g.right) right += g.count;
      if (g.upper) {
        upperRuns += g.count;
        if (g.right) upperRight += g.count;
      }
      if (g.lower) {
        lowerRuns += g.count;
        if (g.right) lowerRight += g.count;
      }
      n += g.restCount;
      sumY += g.restSum;
      sumYY += g.restSquares;
      if (g.right) {
        rightWithRest += g.restCount;
        sumYRight += g.restSum;
      }
      firstRun = Math.min(firstRun, g.firstRun);
      lastRun = Math.max(lastRun, g.lastRun);
      position = Math.min(position, g.position);
    }
    const question = asked(first.questionId, first.itemKey, lastRun);
    const answers: ItemAnswerStat[] = [...(question?.answers ?? [])]
      .sort((a, b) => a.id - b.id)
      .map((answer, k) => {
        const bit = k < 31 ? 1 << k : 0;
        let chosen = 0;
        let upper = 0;
        let lower = 0;
        for (const g of list) {
          if ((g.chosen & bit) === 0) continue;
          chosen += g.count;
          if (g.upper) upper += g.count;
          if (g.lower) lower += g.count;
        }
        return {
          id: answer.id,
          label: answer.label,
          correct: answer.correct,
          chosen,
          share: round4(chosen / runs),
          upper_share: upperRuns ? round4(upper / upperRuns) : null,
          lower_share: lowerRuns ? round4(lower / lowerRuns) : null,
        };
      });
    const facility = right / runs;
    const r = pointBiserial({ n, right: rightWithRest, sumY, sumYRight, sumYY });
    const discrimination = r === null ? null : round4(r);
    const stat: ItemStat = {
      question_id: first.questionId,
      label: question?.label ?? '',
      version: 1,
      versions: 1,
      in_pool: question?.inPool ?? false,
      runs,
      right,
      facility: round4(facility),
      discrimination,
      upper_lower: upperRuns && lowerRuns ? round4(upperRight / upperRuns - lowerRight / lowerRuns) : null,
      upper_runs: upperRuns,
      lower_runs: lowerRuns,
      flags: itemFlags({ runs, facility, discrimination }),
      answers,
    };
    return { stat, firstRun, position };
  });
  // number the forms of one question by their first run
  const forms = new Map<number, typeof raw>();
  for (const item of raw) {
    const list = forms.get(item.stat.question_id) ?? [];
    list.push(item);
    forms.set(item.stat.question_id, list);
  }
  for (const list of forms.values()) {
    list.sort((a, b) => a.firstRun - b.firstRun);
    list.forEach((item, i) => {
      item.stat.version = i + 1;
      item.stat.versions = list.length;
    });
  }
  return raw
    .sort(
      (a, b) =>
        a.position - b.position || a.stat.question_id - b.stat.question_id || a.stat.version - b.stat.version,
    )
    .map((item) => item.stat);
}
