import type { Scope } from '@elearn/shared';
import { describe, expect, it } from 'vitest';
import { mcTestPolicy, type ReviewFacts, type TakeFacts } from './mc-test.policy.ts';

const actor = (id: number, scopes: Scope[] = []) => ({ id, scopes, companies: [] });
const OWNER = 1;
const admin = actor(9, ['admin']);
const owner = actor(OWNER, ['trainer']);
const otherTrainer = actor(2, ['trainer']);
const student = actor(3);
const corporate = actor(4, ['corporateTraining']);

const facts = (
  over: Partial<TakeFacts> = {},
  chapter: Partial<NonNullable<TakeFacts['chapter']>> = {},
): TakeFacts => ({
  ownerId: OWNER,
  enabled: 1,
  chapter: {
    unlocked: 1,
    parentUnlocked: null,
    booked: true,
    seminar: { ownerId: OWNER, isPublic: true, isCompany: false, companyId: null },
    ...chapter,
  },
  ...over,
});

describe('mcTestPolicy', () => {
  it.each([
    ['admin', admin, true, true],
    ['owner', owner, true, true],
    ['other trainer', otherTrainer, true, false],
    ['student', student, false, false],
    ['corporateTraining', corporate, false, false],
    ['guest', null, false, false],
  ])('%s: author %s, manage %s', (_name, a, author, manage) => {
    expect(mcTestPolicy.author(a)).toBe(author);
    expect(mcTestPolicy.manage(a, { ownerId: OWNER })).toBe(manage);
  });

  it.each([
    ['booked student, enabled, unlocked', student, facts(), 'ok'],
    ['guest', null, facts(), 'not_found'],
    ['not attached', student, facts({ chapter: null }), 'not_found'],
    ['public seminar not booked', student, facts({}, { booked: false }), 'forbidden'],
    [
      'private seminar not booked',
      student,
      facts(
        {},
        { booked: false, seminar: { ownerId: OWNER, isPublic: false, isCompany: false, companyId: null } },
      ),
      'not_found',
    ],
    ['disabled', student, facts({ enabled: 0 }), 'disabled'],
    ['locked chapter', student, facts({}, { unlocked: 0 }), 'locked'],
    ['locked parent chapter', student, facts({}, { parentUnlocked: 0 }), 'locked'],
    ['unlocked parent chapter', student, facts({}, { parentUnlocked: 1 }), 'ok'],
    ['other trainer not booked', otherTrainer, facts({}, { booked: false }), 'forbidden'],
    ['owner: disabled and loose (preview)', owner, facts({ enabled: 0, chapter: null }), 'ok'],
    ['admin: locked (preview)', admin, facts({}, { unlocked: 0 }), 'ok'],
  ] as const)('take: %s → %s', (_name, a, f, decision) => {
    expect(mcTestPolicy.take(a, f)).toBe(decision);
  });

  it('a run belongs to its user only', () => {
    expect(mcTestPolicy.ownRun(student, { userId: student.id })).toBe(true);
    expect(mcTestPolicy.ownRun(admin, { userId: student.id })).toBe(false);
    expect(mcTestPolicy.ownRun(null, { userId: student.id })).toBe(false);
  });

  it('exam: one run plus the granted ones; practice: unlimited', () => {
    expect(mcTestPolicy.runsAllowed('exam', 0)).toBe(1);
    expect(mcTestPolicy.runsAllowed('exam', 2)).toBe(3);
    expect(mcTestPolicy.runsAllowed('practice', 0)).toBeNull();
  });

  it('only admins see the runs of every test (the owner history)', () => {
    expect(
      [null, admin, owner, otherTrainer, student, corporate].map((a) => mcTestPolicy.managesEvery(a)),
    ).toEqual([false, true, false, false, false, false]);
  });

  const NOW = Date.parse('2026-06-01T10:00:00Z');
  const run = (over: Partial<ReviewFacts> = {}): ReviewFacts => ({
    mode: 'exam',
    reviewContent: null,
    reviewWhen: null,
    closesAt: null,
    accomplished: false,
    ...over,
  });
  const before = new Date(NOW + 1);
  const after = new Date(NOW);
  it.each([
    ['exam default: the score', run(), 'none'],
    ['practice default: everything at once', run({ mode: 'practice' }), 'full'],
    ['score only, practice', run({ mode: 'practice', reviewContent: 'score' }), 'none'],
    ['rightness at once', run({ reviewContent: 'rightness' }), 'rightness'],
    ['full at once', run({ reviewContent: 'full', reviewWhen: 'immediately' }), 'full'],
    ['after passing, not passed', run({ reviewContent: 'full', reviewWhen: 'after_passing' }), 'none'],
    [
      'after passing, passed',
      run({ reviewContent: 'rightness', reviewWhen: 'after_passing', accomplished: true }),
      'rightness',
    ],
    [
      'after the close, before it',
      run({ reviewContent: 'full', reviewWhen: 'after_close', closesAt: before }),
      'none',
    ],
    [
      'after the close, at it',
      run({ reviewContent: 'full', reviewWhen: 'after_close', closesAt: after }),
      'full',
    ],
    ['after the close without one', run({ reviewContent: 'full', reviewWhen: 'after_close' }), 'none'],
    [
      'score only even after passing',
      run({ reviewContent: 'score', reviewWhen: 'after_passing', accomplished: true }),
      'none',
    ],
  ] as const)('review: %s → %s', (_name, facts, level) => {
    expect(mcTestPolicy.review(facts, NOW)).toBe(level);
  });
});
