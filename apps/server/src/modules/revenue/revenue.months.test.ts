import { describe, expect, it } from 'vitest';
import { monthRange, zurichMonthOf } from './revenue.months.ts';

/** The overview's range: months in Swiss time, defaults, and what is refused (issue 38 item 7). */
describe('revenue month range', () => {
  const now = new Date('2026-11-15T10:00:00Z');

  it('defaults to the last 12 months up to this one; one side given counts from or to it', () => {
    expect(monthRange({}, now)).toMatchObject({ from: '2025-12', to: '2026-11' });
    expect(monthRange({ from: '2026-03' }, now)).toMatchObject({ from: '2026-03', to: '2026-11' });
    expect(monthRange({ to: '2026-03' }, now)).toMatchObject({ from: '2025-04', to: '2026-03' });
    // a start in the future alone is a range of that month
    expect(monthRange({ from: '2027-02' }, now)).toMatchObject({ from: '2027-02', to: '2027-02' });
  });

  it('starts and ends at midnight in Switzerland (winter and summer time)', () => {
    const winter = monthRange({ from: '2026-01', to: '2026-01' }, now);
    expect(winter.start.toISOString()).toBe('2025-12-31T23:00:00.000Z');
    expect(winter.end.toISOString()).toBe('2026-01-31T23:00:00.000Z');
    const summer = monthRange({ from: '2026-07', to: '2026-12' }, now);
    expect(summer.start.toISOString()).toBe('2026-06-30T22:00:00.000Z');
    expect(summer.end.toISOString()).toBe('2026-12-31T23:00:00.000Z');
    // 23:30 UTC on 31 January is already February in Zurich
    expect(zurichMonthOf(new Date('2026-01-31T23:30:00Z'))).toBe('2026-02');
  });

  it('refuses a start after the end and more than 60 months, at `from`', () => {
    expect(() => monthRange({ from: '2026-05', to: '2026-04' }, now)).toThrow(
      expect.objectContaining({ status: 422, fields: { from: [expect.stringContaining('revenue_order')] } }),
    );
    expect(() => monthRange({ from: '2020-01', to: '2025-01' }, now)).toThrow(
      expect.objectContaining({ status: 422, fields: { from: [expect.stringContaining('revenue_range')] } }),
    );
    expect(monthRange({ from: '2020-01', to: '2024-12' }, now)).toMatchObject({ from: '2020-01' });
    expect(() => monthRange({ to: '2010-01', from: '2004-12' }, now)).toThrow(
      expect.objectContaining({ status: 422 }),
    );
  });
});
