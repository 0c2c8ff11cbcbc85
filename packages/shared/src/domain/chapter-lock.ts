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
