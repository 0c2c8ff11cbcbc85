import { describe, expect, it } from 'vitest';
import { isChapterOpen } from './chapter-lock.ts';

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
