/**
 * The learner's path's dates (issue 36): drip (a chapter opens N days after the grant) and due
 * dates of assignments. Days are calendar days in the platform's time zone, so a grant at 23:30 in
 * Zurich counts from that day, whatever the server's or the browser's zone.
 */
export const PLATFORM_TIME_ZONE = 'Europe/Zurich';

/** a due date counts as "soon" this many days ahead */
export const DUE_SOON_DAYS = 7;

const DAY_MS = 86_400_000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/*
 * The formatters are made once per zone: each `new Intl.DateTimeFormat` holds ICU memory outside
 * the JavaScript heap, which the collector does not count, so one per call made a server's
 * resident memory grow by a gigabyte over 50,000 rows (the team export, issue 36 item 7).
 */
const partsFormats = new Map<string, Intl.DateTimeFormat>();
const dayFormats = new Map<string, Intl.DateTimeFormat>();
function formatOf(
  cache: Map<string, Intl.DateTimeFormat>,
  timeZone: string,
  make: () => Intl.DateTimeFormat,
) {
  let f = cache.get(timeZone);
  if (!f) {
    f = make();
    cache.set(timeZone, f);
  }
  return f;
}

/** the zone's offset from UTC (ms) at an instant */
function offsetAt(instant: number, timeZone: string): number {
  const parts = formatOf(
    partsFormats,
    timeZone,
    () =>
      new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
      }),
  ).formatToParts(new Date(instant));
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second'));
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** the instant a calendar day starts in the zone */
function startOfDay(year: number, month: number, day: number, timeZone: string): Date {
  const naive = Date.UTC(year, month - 1, day);
  let at = naive - offsetAt(naive, timeZone);
  // across a change of the zone's offset the first guess can be an hour off
  at = naive - offsetAt(at, timeZone);
  return new Date(at);
}

/** the calendar day (YYYY-MM-DD) of an instant in the zone */
export function localDateOf(at: Date, timeZone = PLATFORM_TIME_ZONE): string {
  return formatOf(
    dayFormats,
    timeZone,
    () => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }),
  ).format(at);
}

/** whether a string is a real calendar date YYYY-MM-DD */
export function isIsoDate(value: string): boolean {
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === value;
}

function addDays(isoDate: string, days: number): [number, number, number] {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  const t = new Date(Date.UTC(y, m - 1, d) + days * DAY_MS);
  return [t.getUTCFullYear(), t.getUTCMonth() + 1, t.getUTCDate()];
}

/**
 * When a drip chapter opens for a learner: the start of the day `days` calendar days after the
 * grant's day in the zone; null days means at once (null).
 */
export function dripOpensAt(
  grantedAt: Date,
  days: number | null,
  timeZone = PLATFORM_TIME_ZONE,
): Date | null {
  if (days === null || days <= 0) return null;
  return startOfDay(...addDays(localDateOf(grantedAt, timeZone), days), timeZone);
}

/** the instant a due date (YYYY-MM-DD) ends in the zone: the start of the next day */
export function dueAtOf(isoDate: string, timeZone = PLATFORM_TIME_ZONE): Date {
  return startOfDay(...addDays(isoDate, 1), timeZone);
}

/** the due date (YYYY-MM-DD) a stored due instant stands for (inverse of `dueAtOf`) */
export function dueDateOf(dueAt: Date, timeZone = PLATFORM_TIME_ZONE): string {
  return localDateOf(new Date(dueAt.getTime() - 1), timeZone);
}

export type DueState = 'done' | 'overdue' | 'due_soon' | 'due';

/** the state shown next to an assignment: done wins; past the due instant it is overdue */
export function dueState(dueAt: Date | null, completedAt: Date | null, now: Date): DueState | null {
  if (completedAt) return 'done';
  if (!dueAt) return null;
  if (now.getTime() >= dueAt.getTime()) return 'overdue';
  return dueAt.getTime() - now.getTime() <= DUE_SOON_DAYS * DAY_MS ? 'due_soon' : 'due';
}
