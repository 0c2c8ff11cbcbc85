import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { chapterFiles, chapterLinks, chapters, chapterUsers, seminars } from '../../db/schema/index.ts';

/**
 * Issue 19: a person's progress (chapters marked done), deleted with the account; and, for a
 * trainer, the media of their own seminars, listed in the export (not copied: they are the
 * seminar's content, not data about the person).
 */
export function chaptersPersonalData(db: Db) {
  return {
    async collectProgress(userId: number) {
      return db
        .select({
          chapter_id: chapterUsers.chapterId,
          chapter_label: chapters.label,
          seminar_id: chapters.seminarId,
          done_at: chapterUsers.doneAt,
        })
        .from(chapterUsers)
        .innerJoin(chapters, eq(chapters.id, chapterUsers.chapterId))
        .where(eq(chapterUsers.userId, userId))
        .orderBy(asc(chapterUsers.doneAt));
    },
    async eraseProgress(userId: number) {
      await db.delete(chapterUsers).where(eq(chapterUsers.userId, userId));
    },
    /** the files and links in the chapters of the seminars `ownerId` owns */
    async ownMedia(ownerId: number) {
      const [files, links] = await Promise.all([
        db
          .select({
            id: chapterFiles.id,
            seminar_id: chapters.seminarId,
            chapter_id: chapterFiles.chapterId,
            kind: chapterFiles.kind,
            label: chapterFiles.label,
            original_name: chapterFiles.originalName,
            mime: chapterFiles.mime,
            size: chapterFiles.size,
            sha256: chapterFiles.sha256,
            created_at: chapterFiles.createdAt,
          })
          .from(chapterFiles)
          .innerJoin(chapters, eq(chapters.id, chapterFiles.chapterId))
          .innerJoin(seminars, eq(seminars.id, chapters.seminarId))
          .where(eq(seminars.ownerId, ownerId))
          .orderBy(asc(chapterFiles.id)),
        db
          .select({
            id: chapterLinks.id,
            seminar_id: chapters.seminarId,
            chapter_id: chapterLinks.chapterId,
            label: chapterLinks.label,
            url: chapterLinks.url,
            created_at: chapterLinks.createdAt,
          })
          .from(chapterLinks)
          .innerJoin(chapters, eq(chapters.id, chapterLinks.chapterId))
          .innerJoin(seminars, eq(seminars.id, chapters.seminarId))
          .where(eq(seminars.ownerId, ownerId))
          .orderBy(asc(chapterLinks.id)),
      ]);
      return { files, links };
    },
  };
}
