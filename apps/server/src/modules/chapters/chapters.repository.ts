import { chapterOpensAt, dripOpen } from '@elearn/shared';
import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import {
  chapterFiles,
  chapterLinks,
  chapters,
  chapterUsers,
  seminars,
  users,
} from '../../db/schema/index.ts';
import { firstGrantSql, holdsSql } from '../enrolments/enrolments.sql.ts';

const parentChapters = alias(chapters, 'parent_chapters');

export type ChapterRow = typeof chapters.$inferSelect;
export type FileRow = typeof chapterFiles.$inferSelect;
export type LinkRow = typeof chapterLinks.$inferSelect;
export interface FileJson {
  id: number;
  chapterId: number;
  kind: string;
  label: string;
  originalName: string;
  mime: string;
  size: number;
  durationSeconds: number | null;
  createdAt: string;
}
export interface LinkJson {
  id: number;
  chapterId: number;
  label: string;
  url: string;
  createdAt: string;
}
export interface TreeRow {
  chapter: ChapterRow;
  files: FileJson[];
  links: LinkJson[];
  doneAt: string | Date | null;
}

/** The only place that builds queries on chapters, their media and the done marks. */
export const chaptersRepository = {
  async listBySeminar(db: DbOrTx, seminarId: number): Promise<ChapterRow[]> {
    return db
      .select()
      .from(chapters)
      .where(eq(chapters.seminarId, seminarId))
      .orderBy(asc(chapters.position), asc(chapters.id));
  },
  /**
   * The whole chapter tree of a seminar with its media and the user's done marks in ONE query:
   * media come as JSON arrays built by the database (bench: 50 chapters × 5 media).
   */
  async treeRows(db: DbOrTx, seminarId: number, userId: number | null): Promise<TreeRow[]> {
    // qualified explicitly: in a one-table select Drizzle renders columns without their table name
    const chapterId = sql.raw('"chapters"."id"');
    const rows = await db
      .select({
        chapter: chapters,
        files: sql<
          FileJson[]
        >`coalesce((select json_agg(json_build_object('id', f.id, 'chapterId', f.chapter_id,
          'kind', f.kind, 'label', f.label, 'originalName', f.original_name, 'mime', f.mime, 'size', f.size,
          'durationSeconds', f.duration_seconds, 'createdAt', f.created_at) order by f.id) from ${chapterFiles} f where f.chapter_id = ${chapterId}), '[]'::json)`,
        links: sql<
          LinkJson[]
        >`coalesce((select json_agg(json_build_object('id', l.id, 'chapterId', l.chapter_id,
          'label', l.label, 'url', l.url, 'createdAt', l.created_at) order by l.id)
          from ${chapterLinks} l where l.chapter_id = ${chapterId}), '[]'::json)`,
        doneAt: sql<string | null>`(select cu.done_at from ${chapterUsers} cu
          where cu.chapter_id = ${chapterId} and cu.user_id = ${userId ?? -1})`,
      })
      .from(chapters)
      .where(eq(chapters.seminarId, seminarId))
      .orderBy(asc(chapters.position), asc(chapters.id));
    return rows;
  },
  /** the next videos (by id, after `afterId`) whose length was never read; `retry`: unreadable ones too */
  async videosWithoutLength(
    db: DbOrTx,
    afterId: number,
    limit: number,
    retry: boolean,
  ): Promise<{ id: number; storagePath: string; mime: string }[]> {
    const d = chapterFiles.durationSeconds;
    return db
      .select({ id: chapterFiles.id, storagePath: chapterFiles.storagePath, mime: chapterFiles.mime })
      .from(chapterFiles)
      .where(
        and(
          eq(chapterFiles.kind, 'video'),
          sql`${chapterFiles.id} > ${afterId}`,
          retry ? or(isNull(d), eq(d, 0)) : isNull(d),
        ),
      )
      .orderBy(asc(chapterFiles.id))
      .limit(limit);
  },
  async setVideoLength(db: DbOrTx, id: number, seconds: number): Promise<void> {
    await db.update(chapterFiles).set({ durationSeconds: seconds }).where(eq(chapterFiles.id, id));
  },
  /** the user's first grant of the seminar, drip's day zero (issue 36); null without a grant */
  async firstGrantOf(db: DbOrTx, userId: number, seminarId: number): Promise<Date | null> {
    const [row] = await db
      .select({ at: firstGrantSql(seminarId, userId) })
      .from(seminars)
      .where(eq(seminars.id, seminarId));
    return row?.at ?? null;
  },
  async findById(db: DbOrTx, id: number): Promise<ChapterRow | undefined> {
    const [row] = await db.select().from(chapters).where(eq(chapters.id, id)).limit(1);
    return row;
  },
  /** the user's done marks on the given chapters, or on every chapter of `seminarId` */
  async doneOf(
    db: DbOrTx,
    userId: number,
    chapterIds: number[] | null,
    seminarId?: number,
  ): Promise<Map<number, Date>> {
    if (chapterIds !== null && chapterIds.length === 0) return new Map();
    const rows = await db
      .select({ chapterId: chapterUsers.chapterId, doneAt: chapterUsers.doneAt })
      .from(chapterUsers)
      .innerJoin(chapters, eq(chapters.id, chapterUsers.chapterId))
      .where(
        and(
          eq(chapterUsers.userId, userId),
          chapterIds !== null
            ? inArray(chapterUsers.chapterId, chapterIds)
            : eq(chapters.seminarId, seminarId ?? -1),
        ),
      );
    return new Map(rows.map((r) => [r.chapterId, r.doneAt]));
  },
  async nextPosition(db: DbOrTx, seminarId: number, parentId: number | null): Promise<number> {
    const [row] = await db
      .select({ max: sql<number | null>`max(${chapters.position})` })
      .from(chapters)
      .where(
        and(
          eq(chapters.seminarId, seminarId),
          parentId === null ? isNull(chapters.chapterId) : eq(chapters.chapterId, parentId),
        ),
      );
    return (row?.max ?? -1) + 1;
  },
  async insert(db: DbOrTx, values: typeof chapters.$inferInsert): Promise<ChapterRow> {
    const [row] = await db.insert(chapters).values(values).returning();
    if (!row) throw new Error('insert returned no row');
    return row;
  },
  async update(
    db: DbOrTx,
    id: number,
    values: Partial<typeof chapters.$inferInsert>,
  ): Promise<ChapterRow | undefined> {
    const [row] = await db
      .update(chapters)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(chapters.id, id))
      .returning();
    return row;
  },
  async delete(db: DbOrTx, id: number): Promise<void> {
    await db.delete(chapters).where(eq(chapters.id, id));
  },
  /** storage paths of the files of a chapter and its sub-chapters */
  async storagePathsOfChapter(db: DbOrTx, id: number): Promise<string[]> {
    const rows = await db
      .select({ path: chapterFiles.storagePath })
      .from(chapterFiles)
      .innerJoin(chapters, eq(chapters.id, chapterFiles.chapterId))
      .where(or(eq(chapters.id, id), eq(chapters.chapterId, id)));
    return rows.map((r) => r.path);
  },
  async storagePathsOfSeminar(db: DbOrTx, seminarId: number): Promise<string[]> {
    const rows = await db
      .select({ path: chapterFiles.storagePath })
      .from(chapterFiles)
      .innerJoin(chapters, eq(chapters.id, chapterFiles.chapterId))
      .where(eq(chapters.seminarId, seminarId));
    return rows.map((r) => r.path);
  },
  async setDone(
    db: DbOrTx,
    chapterId: number,
    userId: number,
    done: boolean,
    at: Date,
  ): Promise<Date | null> {
    if (!done) {
      await db
        .delete(chapterUsers)
        .where(and(eq(chapterUsers.chapterId, chapterId), eq(chapterUsers.userId, userId)));
      return null;
    }
    await db.insert(chapterUsers).values({ chapterId, userId, doneAt: at }).onConflictDoNothing();
    const [row] = await db
      .select()
      .from(chapterUsers)
      .where(and(eq(chapterUsers.chapterId, chapterId), eq(chapterUsers.userId, userId)));
    return row?.doneAt ?? at;
  },
  async interactions(db: DbOrTx, chapterId: number) {
    return db
      .select({
        userId: chapterUsers.userId,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        doneAt: chapterUsers.doneAt,
      })
      .from(chapterUsers)
      .innerJoin(users, eq(users.id, chapterUsers.userId))
      .where(eq(chapterUsers.chapterId, chapterId))
      .orderBy(asc(chapterUsers.doneAt));
  },
  async insertFile(db: DbOrTx, values: typeof chapterFiles.$inferInsert): Promise<FileRow> {
    const [row] = await db.insert(chapterFiles).values(values).returning();
    if (!row) throw new Error('insert returned no row');
    return row;
  },
  async findFileByStoragePath(db: DbOrTx, storagePath: string): Promise<FileRow | undefined> {
    const [row] = await db
      .select()
      .from(chapterFiles)
      .where(eq(chapterFiles.storagePath, storagePath))
      .limit(1);
    return row;
  },
  /** serializes the transaction's writes of one storage key (until it ends) */
  async lockStoragePath(db: DbOrTx, storagePath: string): Promise<void> {
    await db.execute(sql`select pg_advisory_xact_lock(hashtext(${storagePath}))`);
  },
  async findFile(db: DbOrTx, id: number): Promise<FileRow | undefined> {
    const [row] = await db.select().from(chapterFiles).where(eq(chapterFiles.id, id)).limit(1);
    return row;
  },
  async deleteFile(db: DbOrTx, id: number): Promise<void> {
    await db.delete(chapterFiles).where(eq(chapterFiles.id, id));
  },
  async insertLinks(db: DbOrTx, values: (typeof chapterLinks.$inferInsert)[]): Promise<LinkRow[]> {
    return db.insert(chapterLinks).values(values).returning();
  },
  async findLink(db: DbOrTx, id: number): Promise<LinkRow | undefined> {
    const [row] = await db.select().from(chapterLinks).where(eq(chapterLinks.id, id)).limit(1);
    return row;
  },
  async deleteLink(db: DbOrTx, id: number): Promise<void> {
    await db.delete(chapterLinks).where(eq(chapterLinks.id, id));
  },
  /**
   * for /todos: per booked seminar, its open chapters (unlocked, and opened by drip at `now`) and
   * which the user marked done
   */
  async todoRows(db: DbOrTx, userId: number, now = Date.now()) {
    const rows = await db
      .select({
        seminarId: seminars.id,
        title: seminars.title,
        slug: seminars.slug,
        chapterId: chapters.id,
        parentId: chapters.chapterId,
        label: chapters.label,
        position: chapters.position,
        doneAt: chapterUsers.doneAt,
        days: chapters.availableAfterDays,
        parentDays: parentChapters.availableAfterDays,
        firstGrantAt: firstGrantSql(seminars.id, userId),
      })
      .from(seminars)
      .innerJoin(chapters, and(eq(chapters.seminarId, seminars.id), eq(chapters.unlocked, 1)))
      // isChapterOpen (packages/shared): a sub-chapter of a locked chapter is locked too
      .leftJoin(parentChapters, eq(parentChapters.id, chapters.chapterId))
      .leftJoin(chapterUsers, and(eq(chapterUsers.chapterId, chapters.id), eq(chapterUsers.userId, userId)))
      .where(
        and(holdsSql(seminars.id, userId), or(isNull(chapters.chapterId), eq(parentChapters.unlocked, 1))),
      )
      .orderBy(asc(seminars.title), asc(chapters.position), asc(chapters.id));
    // drip (chapterOpensAt, packages/shared): counted in the platform's calendar days, so here
    return rows
      .filter((r) =>
        dripOpen(
          chapterOpensAt(
            { availableAfterDays: r.days },
            r.parentId === null ? null : { availableAfterDays: r.parentDays },
            r.firstGrantAt,
          ),
          now,
        ),
      )
      .map(({ days: _d, parentDays: _p, firstGrantAt: _f, ...r }) => r);
  },
};
