import { describe, expect, it } from 'vitest';
import { dripOpensAt, dueAtOf, dueDateOf, dueState, isIsoDate, localDateOf } from './learning-dates.ts';

describe('learning dates (Europe/Zurich calendar days)', () => {
  it('counts drip days from the grant day in Zurich, not in UTC', () => {
    // 23:30 UTC on 31 March is 01:30 on 1 April in Zurich (summer time)
    const grant = new Date('2026-03-31T23:30:00Z');
    expect(localDateOf(grant)).toBe('2026-04-01');
    expect(dripOpensAt(grant, 1)?.toISOString()).toBe('2026-04-01T22:00:00.000Z');
  });

  it('opens at local midnight across the change to winter time', () => {
    const grant = new Date('2026-10-24T10:00:00Z');
    // 25 October 2026 02:00 summer time ends; midnight of 26 October is 23:00 UTC
    expect(dripOpensAt(grant, 2)?.toISOString()).toBe('2026-10-25T23:00:00.000Z');
    expect(dripOpensAt(grant, 1)?.toISOString()).toBe('2026-10-24T22:00:00.000Z');
  });

  it('opens at once without days', () => {
    expect(dripOpensAt(new Date(), null)).toBeNull();
    expect(dripOpensAt(new Date(), 0)).toBeNull();
  });

  it('ends a due date at the end of the day in Zurich and reads it back', () => {
    const at = dueAtOf('2026-12-24');
    expect(at.toISOString()).toBe('2026-12-24T23:00:00.000Z');
    expect(dueDateOf(at)).toBe('2026-12-24');
    expect(dueDateOf(dueAtOf('2026-07-01'))).toBe('2026-07-01');
  });

  it('accepts only real calendar dates', () => {
    expect(isIsoDate('2026-02-28')).toBe(true);
    expect(isIsoDate('2026-02-30')).toBe(false);
    expect(isIsoDate('2026-2-3')).toBe(false);
    expect(isIsoDate('')).toBe(false);
  });

  it('tells done, overdue, due soon and due', () => {
    const now = new Date('2026-06-10T12:00:00Z');
    expect(dueState(dueAtOf('2026-06-01'), new Date(), now)).toBe('done');
    expect(dueState(dueAtOf('2026-06-09'), null, now)).toBe('overdue');
    expect(dueState(dueAtOf('2026-06-10'), null, now)).toBe('due_soon');
    expect(dueState(dueAtOf('2026-07-30'), null, now)).toBe('due');
    expect(dueState(null, null, now)).toBeNull();
  });
});
