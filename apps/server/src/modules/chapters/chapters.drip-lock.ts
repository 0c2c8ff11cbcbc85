import { chapterOpensAt, dripOpen, localDateOf } from '@elearn/shared';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { type ChapterRow, chaptersRepository as repo } from './chapters.repository.ts';

/**
 * 403 `chapter.not_yet_open` (with the day it opens) unless the chapter, and its parent, is open by
 * drip at `now` for a learner whose drip counts from `from` (issue 36; chapterOpensAt, packages/
 * shared). No day zero (owners, previews without a booking): no drip.
 */
export function requireDripOpen(
  chapter: ChapterRow,
  parent: ChapterRow | null,
  from: Date | null,
  now: number,
): void {
  const opensAt = chapterOpensAt(chapter, parent, from);
  if (!dripOpen(opensAt, now) && opensAt) {
    throw new AppError(403, 'chapter.not_yet_open', 'chapter.not_yet_open', { date: localDateOf(opensAt) });
  }
}

/** {@link requireDripOpen} for a learner holding the seminar: drip counts from their first grant */
export async function requireDripOpenFor(
  db: DbOrTx,
  userId: number,
  chapter: ChapterRow,
  parent: ChapterRow | null,
  now: number,
): Promise<void> {
  if (!chapter.availableAfterDays && !parent?.availableAfterDays) return;
  requireDripOpen(chapter, parent, await repo.firstGrantOf(db, userId, chapter.seminarId), now);
}
