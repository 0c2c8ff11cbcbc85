import { dripOpensAt } from './learning-dates.ts';

/** The lock flags a chapter and its parent carry (0 locked, 1 unlocked). */
export interface LockFlags {
  unlocked: number;
}

/**
 * The one rule for locked chapters (spec: a sub-chapter of a locked chapter counts as locked): a
 * chapter is open to those who play a seminar (booked users, access-link holders) only when it and
 * its parent chapter, if it has one, are unlocked. The player, the side menu, the to-dos, access
 * links, file downloads and the done toggle all ask this; owners and admins see every chapter.
 * The to-do query states the same rule in SQL (`chapters.repository.ts`, `todoRows`).
 */
export function isChapterOpen(chapter: LockFlags, parent: LockFlags | null | undefined): boolean {
  return chapter.unlocked === 1 && (parent === null || parent === undefined || parent.unlocked === 1);
}

/** The drip days a chapter carries (issue 36): open N calendar days after the first grant. */
export interface DripFlags {
  availableAfterDays: number | null;
}

/**
 * When a chapter opens by drip for a learner whose first grant of the seminar was `firstGrantAt`
 * (Europe/Zurich calendar days, {@link dripOpensAt}): the later of its own and its parent's date,
 * as a sub-chapter of a chapter not yet open is not open either. Null when no drip applies: no
 * days, or no grant (owners, admins, free previews without a booking).
 */
export function chapterOpensAt(
  chapter: DripFlags,
  parent: DripFlags | null | undefined,
  firstGrantAt: Date | null,
): Date | null {
  if (!firstGrantAt) return null;
  const own = dripOpensAt(firstGrantAt, chapter.availableAfterDays);
  const inherited = parent ? dripOpensAt(firstGrantAt, parent.availableAfterDays) : null;
  if (!own) return inherited;
  if (!inherited) return own;
  return own.getTime() >= inherited.getTime() ? own : inherited;
}

/** whether a drip date (from {@link chapterOpensAt}) has come at `now` (ms) */
export const dripOpen = (opensAt: Date | null, now: number): boolean => !opensAt || opensAt.getTime() <= now;
