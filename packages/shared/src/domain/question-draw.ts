/**
 * Drawn tests (issue 37 item 3): a test either has a fixed list of questions or rules like
 * "10 from category A, 5 from category B", drawn afresh for each run. A rule's category includes
 * everything below it (`A` draws from `A` and `A/…`), as the pool's filter does. No question is
 * drawn twice in a run, even when the categories of two rules nest (docs/decisions/tests.md).
 * Pure and deterministic for a seed: the server seeds each run from a CSPRNG.
 */
import { inCategory } from '../schemas/question-category.ts';

export const QUESTION_SELECTIONS = ['fixed', 'drawn'] as const;
export type QuestionSelection = (typeof QUESTION_SELECTIONS)[number];
/** at most this many rules per test */
export const DRAW_RULES_MAX = 50;

export interface DrawRule {
  /** a normalized category path */
  category: string;
  /** questions to draw, at least 1 */
  count: number;
}

export interface DrawCandidate {
  id: number;
  category: string | null;
}

/** a rule the pool cannot satisfy: the questions its category (with those below) has, and needs */
export interface DrawShortfall {
  /** index of the rule in the rules as given */
  rule: number;
  category: string;
  /** what the rules on this category and below it ask for together */
  needed: number;
  /** the pool's questions in this category and below it */
  available: number;
}

export type DrawResult<T> = { ok: true; questions: T[] } | ({ ok: false } & DrawShortfall);

/** mulberry32: a small, fast PRNG with 32 bits of state; fine for picking, not for secrets */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const below = (inner: string, outer: string) => inCategory(inner, outer);
const depth = (path: string) => path.split('/').length;

/** the questions all rules ask for together */
export const drawTotal = (rules: readonly DrawRule[]): number => rules.reduce((n, r) => n + r.count, 0);

/**
 * The first rule (in the order given) the pool cannot satisfy, or null. `available(category)`
 * counts the pool's questions in a category and below it. Categories nest as a tree, so the
 * rules can all be satisfied exactly when, for each rule's category, the rules on it and below it
 * ask for no more than it has (the draw takes the deepest rules first).
 */
export function drawShortfall(
  rules: readonly DrawRule[],
  available: (category: string) => number,
): DrawShortfall | null {
  for (const [index, rule] of rules.entries()) {
    const needed = drawTotal(rules.filter((r) => below(r.category, rule.category)));
    const has = available(rule.category);
    if (has < needed) return { rule: index, category: rule.category, needed, available: has };
  }
  return null;
}

/** Fisher–Yates in place with `random` */
function shuffleInPlace<T>(list: T[], random: () => number): T[] {
  for (let i = list.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [list[i], list[j]] = [list[j] as T, list[i] as T];
  }
  return list;
}

/**
 * Draws the questions of one run from `pool` (in pool order) by `rules`. Without `shuffle` the
 * run asks them rule by rule in the order of the rules, each rule's questions in pool order;
 * with it, in an order of their own. Deterministic for a seed.
 */
export function drawQuestions<T extends DrawCandidate>(
  pool: readonly T[],
  rules: readonly DrawRule[],
  opts: { seed: number; shuffle: boolean },
): DrawResult<T> {
  const shortfall = drawShortfall(
    rules,
    (category) => pool.filter((q) => inCategory(q.category, category)).length,
  );
  if (shortfall) return { ok: false, ...shortfall };
  const random = seededRandom(opts.seed);
  const position = new Map(pool.map((q, i) => [q.id, i]));
  const taken = new Set<number>();
  const picks: T[][] = rules.map(() => []);
  // the deepest categories first: what an outer rule may still take does not depend on the picks
  const order = rules.map((_, i) => i).sort((x, y) => depth(rules[y]!.category) - depth(rules[x]!.category));
  for (const index of order) {
    const rule = rules[index]!;
    const free = pool.filter((q) => !taken.has(q.id) && inCategory(q.category, rule.category));
    // a partial Fisher–Yates: the first `count` places get a uniform choice
    for (let i = 0; i < rule.count; i++) {
      const j = i + Math.floor(random() * (free.length - i));
      [free[i], free[j]] = [free[j] as T, free[i] as T];
      taken.add(free[i]!.id);
    }
    picks[index] = free.slice(0, rule.count).sort((a, b) => position.get(a.id)! - position.get(b.id)!);
  }
  const questions = picks.flat();
  return { ok: true, questions: opts.shuffle ? shuffleInPlace(questions, random) : questions };
}
