import { describe, expect, it } from 'vitest';
import { chapterOpensAt, dripOpen, isChapterOpen } from './chapter-lock.ts';

describe('isChapterOpen', () => {
  it.each([
    [1, null, true],
    [0, null, false],
    [1, 1, true],
    [1, 0, false],
    [0, 1, false],
    [0, 0, false],
  ] as const)('chapter %s, parent %s → %s', (own, parent, open) => {
    expect(isChapterOpen({ unlocked: own }, parent === null ? null : { unlocked: parent })).toBe(open);
  });
});

describe('chapterOpensAt (drip, issue 36)', () => {
  // 23:30 Zurich time (winter, UTC+1) on 2026-01-10
  const grant = new Date('2026-01-10T22:30:00Z');
  const days = (n: number | null) => ({ availableAfterDays: n });

  it('opens at the start of the N-th Zurich day after the grant, not N × 24 hours later', () => {
    expect(chapterOpensAt(days(1), null, grant)?.toISOString()).toBe('2026-01-10T23:00:00.000Z');
    expect(chapterOpensAt(days(3), null, grant)?.toISOString()).toBe('2026-01-12T23:00:00.000Z');
  });

  it('counts a grant at 00:30 Zurich time (23:30 UTC the day before) from the Zurich day', () => {
    const early = new Date('2026-01-10T23:30:00Z'); // 2026-01-11 00:30 in Zurich
    expect(chapterOpensAt(days(1), null, early)?.toISOString()).toBe('2026-01-11T23:00:00.000Z');
  });

  it('takes the later of its own and its parent’s date; no days or no grant: no drip', () => {
    expect(chapterOpensAt(days(1), days(4), grant)?.toISOString()).toBe('2026-01-13T23:00:00.000Z');
    expect(chapterOpensAt(days(null), days(2), grant)?.toISOString()).toBe('2026-01-11T23:00:00.000Z');
    expect(chapterOpensAt(days(5), days(2), grant)?.toISOString()).toBe('2026-01-14T23:00:00.000Z');
    expect(chapterOpensAt(days(0), null, grant)).toBeNull();
    expect(chapterOpensAt(days(null), days(null), grant)).toBeNull();
    expect(chapterOpensAt(days(3), null, null)).toBeNull();
  });

  it('is open from that instant on', () => {
    const at = new Date('2026-01-10T23:00:00Z');
    expect(dripOpen(at, at.getTime() - 1)).toBe(false);
    expect(dripOpen(at, at.getTime())).toBe(true);
    expect(dripOpen(null, 0)).toBe(true);
  });
});
