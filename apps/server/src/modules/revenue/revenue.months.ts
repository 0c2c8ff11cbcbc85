import { encodeMessage as m, REVENUE_MAX_MONTHS, type RevenueQuery } from '@elearn/shared';
import { validation } from '../../errors.ts';

const ZONE = 'Europe/Zurich';

/** a month as a number (`2026-03` → 2026 × 12 + 2) and back */
const index = (month: string) => Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1;
const monthOf = (i: number) => `${Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`;

/** the month of a moment in Switzerland: `2026-03` */
export const zurichMonthOf = (at: Date) => {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit' })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}`;
};

/** the offset of Swiss time from UTC at a moment, in ms */
function zurichOffset(at: number): number {
  const p = new Intl.DateTimeFormat('en-US', {
    timeZone: ZONE,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
  })
    .formatToParts(new Date(at))
    .reduce<Record<string, number>>((acc, x) => Object.assign(acc, { [x.type]: Number(x.value) }), {});
  return Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!) - Math.floor(at / 60_000) * 60_000;
}

/** midnight of the month's first day in Switzerland (no clock change falls on a first at midnight) */
const zurichStart = (i: number) => {
  const utc = Date.UTC(Math.floor(i / 12), i % 12, 1);
  return new Date(utc - zurichOffset(utc));
};

export interface MonthRange {
  from: string;
  to: string;
  /** the instants: `[start, end)` */
  start: Date;
  end: Date;
}

/**
 * The range of a query, both months included: the defaults are the last 12 months up to this one
 * (only `from`: from it up to this month; only `to`: the 12 months up to it). Refused (422): the start after the end, a range of
 * more than five years.
 */
export function monthRange(q: Pick<RevenueQuery, 'from' | 'to'>, now: Date): MonthRange {
  const to = q.to
    ? index(q.to)
    : q.from
      ? Math.max(index(q.from), index(zurichMonthOf(now)))
      : index(zurichMonthOf(now));
  const from = q.from ? index(q.from) : to - 11;
  if (from > to) throw validation({ from: [m('validation.revenue_order')] });
  if (to - from + 1 > REVENUE_MAX_MONTHS) throw validation({ from: [m('validation.revenue_range')] });
  return { from: monthOf(from), to: monthOf(to), start: zurichStart(from), end: zurichStart(to + 1) };
}
