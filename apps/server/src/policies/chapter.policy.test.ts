import { describe, expect, it } from 'vitest';
import { chapterPolicy } from './chapter.policy.ts';

const actor = (id: number, scopes: ('admin' | 'trainer')[] = [], companies: number[] = []) => ({
  id,
  scopes,
  companies: companies.map((c) => ({ id: c, name: `c${c}`, shortName: `c${c}`, manager: false })),
});
const pub = { ownerId: 1, isPublic: true, isCompany: false, companyId: null };
const priv = { ownerId: 1, isPublic: false, isCompany: false, companyId: null };
const company = { ownerId: 1, isPublic: true, isCompany: true, companyId: 7 };

const owner = actor(1, ['trainer']);
const admin = actor(3, ['admin']);
const student = actor(4);
const employee = actor(5, [], [7]);

const preview = { preview: true, unlocked: 1 };
const plain = { preview: false, unlocked: 1 };
const lockedPreview = { preview: true, unlocked: 0 };

describe('chapterPolicy.play', () => {
  // [who, booked, seminar, chapter, parent, may play]
  it.each([
    ['guest', false, pub, preview, null, true],
    ['guest', false, pub, plain, null, false],
    ['guest', false, priv, preview, null, false],
    ['guest', false, company, preview, null, false],
    ['guest', false, pub, lockedPreview, null, false],
    ['student', false, pub, preview, null, true],
    ['student', false, pub, plain, null, false],
    ['student', false, priv, preview, null, false],
    ['employee', false, company, preview, null, false],
    ['student', true, pub, plain, null, true],
    ['student', true, priv, plain, null, true],
    ['student', true, pub, { preview: false, unlocked: 0 }, null, false],
    ['owner', false, pub, plain, null, true],
    ['owner', false, priv, { preview: false, unlocked: 0 }, null, true],
    ['admin', false, company, plain, null, true],
    // a sub-chapter of a preview chapter is a preview; a marked sub-chapter stands alone
    ['guest', false, pub, plain, preview, true],
    ['guest', false, pub, preview, plain, true],
    // ... but not under a locked parent
    ['guest', false, pub, preview, lockedPreview, false],
    ['student', false, pub, plain, { preview: false, unlocked: 1 }, false],
  ] as const)('%s (booked %s) on %o chapter %o under %o: %s', (who, booked, s, c, parent, may) => {
    const a = { guest: null, student, employee, owner, admin }[who];
    expect(chapterPolicy.play(a, s, booked, c, parent)).toBe(may);
  });

  it('reach ignores the lock (the use case answers chapter.locked, not a refusal)', () => {
    expect(chapterPolicy.reach(null, pub, false, lockedPreview, null)).toBe(true);
    expect(chapterPolicy.play(null, pub, false, lockedPreview, null)).toBe(false);
    expect(chapterPolicy.reach(student, pub, false, plain, null)).toBe(false);
    expect(chapterPolicy.reach(student, pub, true, { preview: false, unlocked: 0 }, null)).toBe(true);
  });

  it('previews are open in public seminars outside companies only', () => {
    expect([pub, priv, company].map((s) => chapterPolicy.previewsOpen(s))).toEqual([true, false, false]);
  });
});
