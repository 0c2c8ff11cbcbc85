import { isChapterOpen } from '@elearn/shared';
import { type Actor, type SeminarFacts, seminarPolicy } from './seminar.policy.ts';

/** What a policy needs to know about a chapter (and its parent, for a sub-chapter). */
export interface ChapterFacts {
  /** the owner's free-preview flag */
  preview: boolean;
  /** 1 = open to players (the owner's lock) */
  unlocked: number;
}

/**
 * Chapter rules as pure functions. A free preview is a chapter the owner marked, or a sub-chapter
 * of one; it plays without a booking, but only in a public seminar outside any company (the
 * seminars everyone sees), and only while it is unlocked, like for booked players.
 */
export const chapterPolicy = {
  /** the chapter is a free preview: its own flag or its parent's */
  isPreview: (c: ChapterFacts, parent: ChapterFacts | null) => c.preview || !!parent?.preview,
  /** the seminar's chapters may be previewed by anyone at all (guests included) */
  previewsOpen: (s: SeminarFacts) => s.isPublic && !s.isCompany,
  /**
   * May reach the chapter, locks aside: who manages the seminar, a booked user, or anyone on a
   * free preview of a public seminar. The rest are refused (403, a guest 401).
   */
  reach: (a: Actor, s: SeminarFacts, booked: boolean, c: ChapterFacts, parent: ChapterFacts | null) =>
    seminarPolicy.play(a, s, booked) || (chapterPolicy.previewsOpen(s) && chapterPolicy.isPreview(c, parent)),
  /**
   * May play (read, stream, download) the chapter: who manages the seminar always; the others it
   * {@link reach}es while it and its parent are unlocked (else 403 `chapter.locked`).
   */
  play: (a: Actor, s: SeminarFacts, booked: boolean, c: ChapterFacts, parent: ChapterFacts | null) =>
    seminarPolicy.manage(a, s) || (chapterPolicy.reach(a, s, booked, c, parent) && isChapterOpen(c, parent)),
};
