import { describe, expect, it } from 'vitest';
import { inCategory } from '../schemas/question-category.ts';
import { type DrawCandidate, drawQuestions, drawShortfall, seededRandom } from './question-draw.ts';

/** `n` questions in `category`, ids from `first` */
const some = (first: number, n: number, category: string | null): DrawCandidate[] =>
  Array.from({ length: n }, (_, i) => ({ id: first + i, category }));

const pool = [
  ...some(1, 20, 'Safety'),
  ...some(101, 8, 'Safety/Fire'),
  ...some(201, 12, 'Law'),
  ...some(301, 5, 'Law/Contracts/Sales'),
  ...some(401, 6, null),
];
const ids = (qs: DrawCandidate[]) => qs.map((q) => q.id);

function drawn(rules: { category: string; count: number }[], seed: number, shuffle = false) {
  const r = drawQuestions(pool, rules, { seed, shuffle });
  if (!r.ok) throw new Error(`unexpected shortfall ${JSON.stringify(r)}`);
  return r.questions;
}

describe('drawQuestions (issue 37 item 3)', () => {
  it('draws as many questions as each rule asks, rule by rule', () => {
    for (let seed = 0; seed < 50; seed++) {
      const qs = drawn(
        [
          { category: 'Safety', count: 10 },
          { category: 'Law', count: 5 },
        ],
        seed,
      );
      expect(qs).toHaveLength(15);
      expect(qs.slice(0, 10).every((q) => inCategory(q.category, 'Safety'))).toBe(true);
      expect(qs.slice(10).every((q) => inCategory(q.category, 'Law'))).toBe(true);
    }
  });

  it('draws every question from its rule’s category or one below it, never one without a category', () => {
    const seen = new Set<string | null>();
    for (let seed = 0; seed < 100; seed++) {
      const qs = drawn([{ category: 'Law', count: 17 }], seed);
      for (const q of qs) seen.add(q.category);
      expect(qs.every((q) => inCategory(q.category, 'Law'))).toBe(true);
    }
    // the sub-category is part of the rule's category (all 17 of Law and Law/Contracts/Sales)
    expect([...seen].sort()).toEqual(['Law', 'Law/Contracts/Sales']);
    expect(drawn([{ category: 'Law/Contracts', count: 5 }], 1).map((q) => q.category)).toEqual(
      Array(5).fill('Law/Contracts/Sales'),
    );
  });

  it('never draws a question twice across rules, also when their categories nest', () => {
    for (let seed = 0; seed < 200; seed++) {
      // Safety (28 with Fire) must leave Fire's 8 to the Fire rule: outer rule written first
      const qs = drawn(
        [
          { category: 'Safety', count: 20 },
          { category: 'Safety/Fire', count: 8 },
          { category: 'Law', count: 7 },
          { category: 'Law/Contracts/Sales', count: 5 },
        ],
        seed,
      );
      expect(qs).toHaveLength(40);
      expect(new Set(ids(qs)).size).toBe(40);
      expect(qs.slice(20, 28).every((q) => q.category === 'Safety/Fire')).toBe(true);
      expect(qs.slice(35).every((q) => q.category === 'Law/Contracts/Sales')).toBe(true);
    }
  });

  it('is deterministic for a seed and draws differently for other seeds', () => {
    const rules = [{ category: 'Safety', count: 5 }];
    expect(ids(drawn(rules, 42))).toEqual(ids(drawn(rules, 42)));
    const draws = new Set(Array.from({ length: 20 }, (_, seed) => ids(drawn(rules, seed)).join(',')));
    expect(draws.size).toBeGreaterThan(10);
  });

  it('keeps pool order within a rule unless shuffled; shuffles the whole run when asked', () => {
    const rules = [
      { category: 'Safety', count: 10 },
      { category: 'Law', count: 10 },
    ];
    const plain = ids(drawn(rules, 7));
    expect(plain.slice(0, 10)).toEqual([...plain.slice(0, 10)].sort((a, b) => a - b));
    let mixed = 0;
    for (let seed = 0; seed < 20; seed++) {
      const shuffled = drawn(rules, seed, true);
      // the same questions as without shuffling (the picks come first), in another order
      expect([...ids(shuffled)].sort((a, b) => a - b)).toEqual(
        [...ids(drawn(rules, seed))].sort((a, b) => a - b),
      );
      const cats = shuffled.map((q) => (q.category?.startsWith('Law') ? 'L' : 'S')).join('');
      if (cats !== 'SSSSSSSSSSLLLLLLLLLL') mixed++;
    }
    expect(mixed).toBeGreaterThan(15);
  });

  it('answers the rule a pool cannot satisfy, with what it needs and has', () => {
    expect(drawQuestions(pool, [{ category: 'Law', count: 18 }], { seed: 1, shuffle: false })).toEqual({
      ok: false,
      rule: 0,
      category: 'Law',
      needed: 18,
      available: 17,
    });
    // enough in each category alone, not together: the Fire rule leaves Safety only 20
    expect(
      drawQuestions(
        pool,
        [
          { category: 'Law', count: 2 },
          { category: 'Safety', count: 21 },
          { category: 'Safety/Fire', count: 8 },
        ],
        { seed: 1, shuffle: false },
      ),
    ).toEqual({ ok: false, rule: 1, category: 'Safety', needed: 29, available: 28 });
    expect(
      drawQuestions(pool, [{ category: 'Nowhere', count: 1 }], { seed: 1, shuffle: false }),
    ).toMatchObject({ ok: false, rule: 0, needed: 1, available: 0 });
  });

  it('drawShortfall decides from category counts alone, as the draw does', () => {
    const counts = new Map([
      ['A', 10],
      ['A/B', 4],
    ]);
    const available = (c: string) => counts.get(c) ?? 0;
    expect(drawShortfall([{ category: 'A', count: 10 }], available)).toBeNull();
    expect(
      drawShortfall(
        [
          { category: 'A/B', count: 4 },
          { category: 'A', count: 6 },
        ],
        available,
      ),
    ).toBeNull();
    expect(
      drawShortfall(
        [
          { category: 'A/B', count: 5 },
          { category: 'A', count: 1 },
        ],
        available,
      ),
    ).toEqual({ rule: 0, category: 'A/B', needed: 5, available: 4 });
  });

  it('seededRandom gives numbers in [0, 1)', () => {
    const r = seededRandom(3);
    for (let i = 0; i < 1000; i++) {
      const x = r();
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThan(1);
    }
  });
});
