import { describe, expect, it } from 'vitest';
import {
  instantOfZonedLocal,
  reviewLevel,
  reviewPolicyOf,
  windowState,
  zonedLocalOf,
} from './test-review.ts';

describe('test window and review policy (issue 37 items 4 and 5)', () => {
  const now = new Date('2026-06-01T10:00:00Z');
  const before = new Date('2026-06-01T09:00:00Z');
  const after = new Date('2026-06-01T11:00:00Z');

  it('defaults to the mode: an exam shows the score, a practice run everything, both at once', () => {
    expect(reviewPolicyOf('exam', null, null)).toEqual({ content: 'score', when: 'immediately' });
    expect(reviewPolicyOf('practice', null, null)).toEqual({ content: 'full', when: 'immediately' });
    expect(reviewPolicyOf('exam', 'rightness', 'after_passing')).toEqual({
      content: 'rightness',
      when: 'after_passing',
    });
  });

  it('reveals the policy content only from its moment on', () => {
    const p = (
      content: 'score' | 'rightness' | 'full',
      when: 'immediately' | 'after_passing' | 'after_close',
    ) => ({
      content,
      when,
    });
    const facts = { accomplished: false, closesAt: after, now };
    expect(reviewLevel(p('score', 'immediately'), { ...facts, accomplished: true })).toBe('none');
    expect(reviewLevel(p('rightness', 'immediately'), facts)).toBe('rightness');
    expect(reviewLevel(p('full', 'after_passing'), facts)).toBe('none');
    expect(reviewLevel(p('full', 'after_passing'), { ...facts, accomplished: true })).toBe('full');
    expect(reviewLevel(p('full', 'after_close'), facts)).toBe('none');
    expect(reviewLevel(p('full', 'after_close'), { ...facts, closesAt: now })).toBe('full');
    expect(reviewLevel(p('full', 'after_close'), { ...facts, closesAt: null })).toBe('none');
  });

  it('places now before, in and after the window (opens inclusive, closes exclusive)', () => {
    expect(windowState(after, null, now)).toBe('not_yet_open');
    expect(windowState(now, null, now)).toBe('open');
    expect(windowState(before, after, now)).toBe('open');
    expect(windowState(null, now, now)).toBe('closed');
    expect(windowState(null, null, now)).toBe('open');
  });

  it('turns Zurich wall-clock times into instants and back, across the changes of the offset', () => {
    expect(instantOfZonedLocal('2026-01-15T08:30')?.toISOString()).toBe('2026-01-15T07:30:00.000Z');
    expect(instantOfZonedLocal('2026-07-15T08:30')?.toISOString()).toBe('2026-07-15T06:30:00.000Z');
    // skipped by the spring change (02:00 → 03:00 on 29 March 2026): an hour later
    expect(instantOfZonedLocal('2026-03-29T02:30')?.toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(zonedLocalOf(new Date('2026-07-15T06:30:00Z'))).toBe('2026-07-15T08:30');
    expect(zonedLocalOf(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01T00:30');
    expect(instantOfZonedLocal('2026-02-30T08:00')).toBeNull();
    expect(instantOfZonedLocal('tomorrow')).toBeNull();
  });
});
