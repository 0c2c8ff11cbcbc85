/**
 * A test's availability window and review policy (issue 37 items 4 and 5): when runs may start,
 * and what a learner sees of a finished run and from when on. Shared by the server (which decides)
 * and the web (which explains).
 */
import { PLATFORM_TIME_ZONE } from './learning-dates.ts';

/** what a learner sees after a run: the score only; per question right or wrong; also the correct answers and explanations */
export const REVIEW_CONTENTS = ['score', 'rightness', 'full'] as const;
export type ReviewContent = (typeof REVIEW_CONTENTS)[number];
/** from when on: at once; once the learner has passed the test; once the window has closed */
export const REVIEW_WHENS = ['immediately', 'after_passing', 'after_close'] as const;
export type ReviewWhen = (typeof REVIEW_WHENS)[number];

export interface ReviewPolicy {
  content: ReviewContent;
  when: ReviewWhen;
}

/** the policy in force: the test's own, or its mode's default (exam: the score; practice: everything at once) */
export function reviewPolicyOf(
  mode: 'exam' | 'practice',
  content: string | null | undefined,
  when: string | null | undefined,
): ReviewPolicy {
  return {
    content: (content as ReviewContent | null) ?? (mode === 'practice' ? 'full' : 'score'),
    when: (when as ReviewWhen | null) ?? 'immediately',
  };
}

/** what of a finished run a learner may see now: nothing beyond the score, rightness, or everything */
export type ReviewLevel = 'none' | 'rightness' | 'full';

export function reviewLevel(
  policy: ReviewPolicy,
  facts: { accomplished: boolean; closesAt: Date | null; now: Date },
): ReviewLevel {
  if (policy.content === 'score') return 'none';
  if (policy.when === 'after_passing' && !facts.accomplished) return 'none';
  // without a close (the database refuses that combination) the moment never comes
  if (policy.when === 'after_close' && (!facts.closesAt || facts.now.getTime() < facts.closesAt.getTime())) {
    return 'none';
  }
  return policy.content;
}

export type WindowState = 'not_yet_open' | 'open' | 'closed';

/** where `now` is relative to the window (opens inclusive, closes exclusive) */
export function windowState(opensAt: Date | null, closesAt: Date | null, now: Date): WindowState {
  if (opensAt && now.getTime() < opensAt.getTime()) return 'not_yet_open';
  if (closesAt && now.getTime() >= closesAt.getTime()) return 'closed';
  return 'open';
}

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;
const localFormats = new Map<string, Intl.DateTimeFormat>();
function localFormat(timeZone: string): Intl.DateTimeFormat {
  let f = localFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
    localFormats.set(timeZone, f);
  }
  return f;
}

/** an instant as the zone's wall clock, `YYYY-MM-DDTHH:mm` (what a datetime-local field shows) */
export function zonedLocalOf(at: Date, timeZone = PLATFORM_TIME_ZONE): string {
  const parts = localFormat(timeZone).formatToParts(at);
  const n = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return `${n('year')}-${n('month')}-${n('day')}T${n('hour')}:${n('minute')}`;
}

/**
 * The instant a wall-clock time `YYYY-MM-DDTHH:mm` of the zone stands for; null for anything else.
 * A time skipped by the spring change counts an hour later; an ambiguous autumn one as one of the two.
 */
export function instantOfZonedLocal(local: string, timeZone = PLATFORM_TIME_ZONE): Date | null {
  const m = LOCAL.exec(local);
  if (!m) return null;
  const [y, mo, d, h, mi] = m.slice(1).map(Number) as [number, number, number, number, number];
  const naive = Date.UTC(y, mo - 1, d, h, mi);
  if (new Date(naive).toISOString().slice(0, 16) !== local) return null;
  // the zone's offset at the guess, then at the corrected guess (across a change they differ)
  const offset = (at: number) => {
    const [date, time] = zonedLocalOf(new Date(at), timeZone).split('T') as [string, string];
    return Date.parse(`${date}T${time}:00Z`) - Math.floor(at / 60_000) * 60_000;
  };
  const first = naive - offset(naive);
  const second = naive - offset(first);
  const fits = [first, second].filter((at) => zonedLocalOf(new Date(at), timeZone) === local);
  return new Date(fits.length > 0 ? Math.min(...fits) : Math.max(first, second));
}
