import { and, asc, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { type HotStatement, runHot } from '../../db/hot-statements.ts';
import {
  certificates,
  chapterCompletionRules,
  chapterFiles,
  chapters,
  chapterUsers,
  mcTests,
  seminarCompletionSettings,
  seminarCompletions,
  seminars,
  userGraduateMctests,
  users,
  videoProgress,
} from '../../db/schema/index.ts';
import { uniqueRounds } from '../../lib/batch.ts';
import { holdsSql, holdsSqlText } from '../enrolments/enrolments.sql.ts';

const parent = alias(chapters, 'parent_chapters');
/** a chapter is playable when it and its parent (if any) are unlocked (isChapterOpen, packages/shared) */
const playable = sql`(${chapters.unlocked} = 1 and (${chapters.chapterId} is null or ${parent.unlocked} = 1))`;

export type CertificateRow = typeof certificates.$inferSelect;

export interface SeminarFacts {
  id: number;
  title: string;
  slug: string;
  ownerId: number;
  ownerName: string;
  hours: number | null;
  requireConfirmation: boolean;
}
export interface ChapterFacts {
  id: number;
  seminarId: number;
  videoRule: boolean;
  videoIds: number[];
}

/**
 * Merges stored and new intervals in the database (gaps and islands): sorted by start, a new
 * island begins where a start lies beyond every end before it. `fresh` is a jsonb array of new
 * [start, end] pairs, already clamped to the video's length.
 */
const islands = (stored: string, fresh: string) => `
  with iv as (
    select (x->>0)::float8 as s, (x->>1)::float8 as e from jsonb_array_elements(${stored} || ${fresh}) as x
  ), marked as (
    select s, e, max(e) over (order by s, e rows between unbounded preceding and 1 preceding) as prev_end from iv
  ), grouped as (
    select s, e, sum(case when prev_end is null or s > prev_end then 1 else 0 end) over (order by s, e) as g
    from marked
  )
  select min(s) as s, max(e) as e from grouped group by g`;
const mergedText = (stored: string, fresh: string) =>
  `(select coalesce(jsonb_agg(jsonb_build_array(s, e) order by s), '[]'::jsonb) from (${islands(stored, fresh)}) i)`;
const lengthText = (stored: string, fresh: string) =>
  `(select coalesce(sum(e - s), 0) from (${islands(stored, fresh)}) i)`;

/**
 * $1: a jsonb array of saves {u: user, f: file, p: position, d: duration, s: new segments, t: time,
 * a: caller is admin}, at most one per user and video. A row is written only where the check
 * passes; the new segments are merged first, then with the stored ones on conflict.
 */
const SAVE_POSITIONS: HotStatement = {
  name: 'progress_save_positions',
  plan: 'generic',
  types: ['jsonb'],
  text: `
insert into video_progress (user_id, file_id, position_s, duration_s, intervals, watched_s, updated_at)
select i.u, f.id, i.p, i.d, ${mergedText(`'[]'::jsonb`, 'i.s')}, ${lengthText(`'[]'::jsonb`, 'i.s')}, i.t
from jsonb_to_recordset($1::jsonb) as i(u int, f int, p float8, d float8, s jsonb, t timestamptz, a boolean)
join chapter_files f on f.id = i.f and f.kind = 'video'
join chapters c on c.id = f.chapter_id
left join chapters p on p.id = c.chapter_id
join seminars s on s.id = c.seminar_id
where i.a or s.owner_id = i.u
  or (c.unlocked = 1 and (c.chapter_id is null or p.unlocked = 1) and ${holdsSqlText('s.id', 'i.u')})
on conflict (user_id, file_id) do update set
  position_s = excluded.position_s,
  duration_s = excluded.duration_s,
  intervals = ${mergedText('video_progress.intervals', 'excluded.intervals')},
  watched_s = ${lengthText('video_progress.intervals', 'excluded.intervals')},
  updated_at = excluded.updated_at
returning user_id, file_id`,
};

export interface PositionSave {
  userId: number;
  isAdmin: boolean;
  fileId: number;
  position: number;
  duration: number;
  segments: [number, number][];
  at: Date;
}

/** The only place that builds queries on the progress tables and certificates. */
export const progressRepository = {
  /** a video file with its seminar, whether its chapter is playable and whether `userId` holds it */
  async videoAccess(db: DbOrTx, fileId: number, userId: number) {
    const [row] = await db
      .select({
        seminarId: seminars.id,
        ownerId: seminars.ownerId,
        open: sql<boolean>`${playable}`,
        held: sql<boolean>`${holdsSql(seminars.id, userId)}`,
      })
      .from(chapterFiles)
      .innerJoin(chapters, eq(chapters.id, chapterFiles.chapterId))
      .leftJoin(parent, eq(parent.id, chapters.chapterId))
      .innerJoin(seminars, eq(seminars.id, chapters.seminarId))
      .where(and(eq(chapterFiles.id, fileId), eq(chapterFiles.kind, 'video')))
      .limit(1);
    return row;
  },

  /**
   * Saves in one statement each round: the access check (a video of a seminar the user may play:
   * its owner, an admin, or a holder when the chapter is playable) and the upsert that replaces
   * position and length and merges the intervals. Answers per save whether it was written (false:
   * the check failed, nothing written). Two saves of one user and video go in successive rounds,
   * in their order (an upsert touches a row once per statement). A hot statement (db/hot-statements.ts:
   * planned once, the hot path of the player).
   */
  async savePositions(db: DbOrTx, saves: PositionSave[]): Promise<boolean[]> {
    const saved: boolean[] = saves.map(() => false);
    const indexed = saves.map((save, index) => ({ save, index }));
    for (const round of uniqueRounds(indexed, (p) => `${p.save.userId}/${p.save.fileId}`)) {
      const json = JSON.stringify(
        round.map(({ save: v }) => ({
          u: v.userId,
          f: v.fileId,
          p: v.position,
          d: v.duration,
          s: v.segments,
          t: v.at.toISOString(),
          a: v.isAdmin,
        })),
      );
      const rows = (await runHot(db, SAVE_POSITIONS, [json])).map((r) => `${r.user_id}/${r.file_id}`);
      const written = new Set(rows);
      for (const { save, index } of round) saved[index] = written.has(`${save.userId}/${save.fileId}`);
    }
    return saved;
  },

  /** the seminars with their owner's name and completion settings */
  async seminarFacts(db: DbOrTx, seminarIds: number[]): Promise<SeminarFacts[]> {
    if (seminarIds.length === 0) return [];
    const rows = await db
      .select({
        id: seminars.id,
        title: seminars.title,
        slug: seminars.slug,
        ownerId: seminars.ownerId,
        firstName: users.firstName,
        lastName: users.lastName,
        hours: seminarCompletionSettings.hours,
        requireConfirmation: seminarCompletionSettings.requireConfirmation,
      })
      .from(seminars)
      .innerJoin(users, eq(users.id, seminars.ownerId))
      .leftJoin(seminarCompletionSettings, eq(seminarCompletionSettings.seminarId, seminars.id))
      .where(inArray(seminars.id, seminarIds));
    return rows.map((r) => ({
      id: r.id,
      title: r.title,
      slug: r.slug,
      ownerId: r.ownerId,
      ownerName: `${r.firstName} ${r.lastName}`.trim(),
      hours: r.hours ?? null,
      requireConfirmation: r.requireConfirmation ?? false,
    }));
  },

  /** the playable chapters of the seminars, each with its completion rule and its videos */
  async playableChapters(db: DbOrTx, seminarIds: number[]): Promise<ChapterFacts[]> {
    if (seminarIds.length === 0) return [];
    const rows = await db
      .select({
        id: chapters.id,
        seminarId: chapters.seminarId,
        videoRule: sql<boolean>`coalesce(${chapterCompletionRules.videoDone}, false)`,
        videoIds: sql<number[]>`coalesce((select json_agg(f.id order by f.id) from ${chapterFiles} f
          where f.chapter_id = ${chapters.id} and f.kind = 'video'), '[]'::json)`,
      })
      .from(chapters)
      .leftJoin(parent, eq(parent.id, chapters.chapterId))
      .leftJoin(chapterCompletionRules, eq(chapterCompletionRules.chapterId, chapters.id))
      .where(and(inArray(chapters.seminarId, seminarIds), playable))
      .orderBy(asc(chapters.seminarId), asc(chapters.position), asc(chapters.id));
    return rows.map((r) => ({ ...r, videoRule: !!r.videoRule, videoIds: r.videoIds ?? [] }));
  },

  /** every chapter of a seminar (the owner's settings form) */
  async chapterIdsOf(db: DbOrTx, seminarId: number): Promise<number[]> {
    const rows = await db.select({ id: chapters.id }).from(chapters).where(eq(chapters.seminarId, seminarId));
    return rows.map((r) => r.id);
  },

  /** the enabled tests attached to the chapters */
  async enabledTests(db: DbOrTx, chapterIds: number[]): Promise<{ id: number; chapterId: number }[]> {
    if (chapterIds.length === 0) return [];
    const rows = await db
      .select({ id: mcTests.id, chapterId: mcTests.chapterId })
      .from(mcTests)
      .where(and(inArray(mcTests.chapterId, chapterIds), eq(mcTests.enabled, 1)))
      .orderBy(asc(mcTests.id));
    return rows.map((r) => ({ id: r.id, chapterId: r.chapterId! }));
  },

  /** the done marks of the users in the chapters */
  async doneMarks(db: DbOrTx, userIds: number[], chapterIds: number[]) {
    if (userIds.length === 0 || chapterIds.length === 0) return [];
    return db
      .select({ userId: chapterUsers.userId, chapterId: chapterUsers.chapterId })
      .from(chapterUsers)
      .where(and(inArray(chapterUsers.userId, userIds), inArray(chapterUsers.chapterId, chapterIds)));
  },

  /** the users' positions and watched lengths in the videos */
  async videoRows(db: DbOrTx, userIds: number[], fileIds: number[]) {
    if (userIds.length === 0 || fileIds.length === 0) return [];
    return db
      .select({
        userId: videoProgress.userId,
        fileId: videoProgress.fileId,
        position: videoProgress.positionS,
        duration: videoProgress.durationS,
        watched: videoProgress.watchedS,
      })
      .from(videoProgress)
      .where(and(inArray(videoProgress.userId, userIds), inArray(videoProgress.fileId, fileIds)));
  },

  /** per user and test: whether a stopped run accomplished it, and whether the owner confirmed one */
  async passedTests(db: DbOrTx, userIds: number[], testIds: number[]) {
    if (userIds.length === 0 || testIds.length === 0) return [];
    return db
      .select({
        userId: userGraduateMctests.userId,
        testId: userGraduateMctests.mcTestId,
        confirmed: sql<boolean>`bool_or(${userGraduateMctests.passed} = 1)`,
      })
      .from(userGraduateMctests)
      .where(
        and(
          inArray(userGraduateMctests.userId, userIds),
          inArray(userGraduateMctests.mcTestId, testIds),
          isNotNull(userGraduateMctests.stoppedAt),
          eq(userGraduateMctests.accomp, true),
        ),
      )
      .groupBy(userGraduateMctests.userId, userGraduateMctests.mcTestId);
  },

  /** the stored completions of the users in the seminars, with their certificates */
  async completions(db: DbOrTx, userIds: number[], seminarIds: number[]) {
    if (userIds.length === 0 || seminarIds.length === 0) return [];
    return db
      .select({
        userId: seminarCompletions.userId,
        seminarId: seminarCompletions.seminarId,
        completedAt: seminarCompletions.completedAt,
        code: certificates.code,
        issuedAt: certificates.issuedAt,
        revokedAt: certificates.revokedAt,
      })
      .from(seminarCompletions)
      .leftJoin(
        certificates,
        and(
          eq(certificates.userId, seminarCompletions.userId),
          eq(certificates.seminarId, seminarCompletions.seminarId),
        ),
      )
      .where(
        and(inArray(seminarCompletions.userId, userIds), inArray(seminarCompletions.seminarId, seminarIds)),
      );
  },

  /** names of users (the certificate's learner) */
  async names(db: DbOrTx, userIds: number[]) {
    if (userIds.length === 0) return new Map<number, string>();
    const rows = await db
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(inArray(users.id, userIds));
    return new Map(rows.map((r) => [r.id, `${r.firstName} ${r.lastName}`.trim()]));
  },

  /** stores completions and their certificates (each once: a second call changes nothing) */
  async complete(
    db: DbOrTx,
    rows: {
      userId: number;
      seminarId: number;
      at: Date;
      certificate: Omit<
        typeof certificates.$inferInsert,
        'userId' | 'seminarId' | 'completedAt' | 'issuedAt'
      >;
    }[],
  ): Promise<void> {
    if (rows.length === 0) return;
    await db.transaction(async (tx) => {
      await tx
        .insert(seminarCompletions)
        .values(rows.map((r) => ({ userId: r.userId, seminarId: r.seminarId, completedAt: r.at })))
        .onConflictDoNothing();
      await tx
        .insert(certificates)
        .values(
          rows.map((r) => ({
            ...r.certificate,
            userId: r.userId,
            seminarId: r.seminarId,
            completedAt: r.at,
            issuedAt: r.at,
          })),
        )
        .onConflictDoNothing();
    });
  },

  async settings(db: DbOrTx, seminarId: number) {
    const [row] = await db
      .select()
      .from(seminarCompletionSettings)
      .where(eq(seminarCompletionSettings.seminarId, seminarId));
    const rules = await db
      .select({ chapterId: chapterCompletionRules.chapterId })
      .from(chapterCompletionRules)
      .innerJoin(chapters, eq(chapters.id, chapterCompletionRules.chapterId))
      .where(and(eq(chapters.seminarId, seminarId), eq(chapterCompletionRules.videoDone, true)))
      .orderBy(asc(chapterCompletionRules.chapterId));
    return {
      hours: row?.hours ?? null,
      requireConfirmation: row?.requireConfirmation ?? false,
      videoDoneChapterIds: rules.map((r) => r.chapterId),
    };
  },

  async saveSettings(
    db: DbOrTx,
    seminarId: number,
    s: { hours: number | null; requireConfirmation: boolean; videoDoneChapterIds: number[] },
    allChapterIds: number[],
  ): Promise<void> {
    await db.transaction(async (tx) => {
      await tx
        .insert(seminarCompletionSettings)
        .values({ seminarId, hours: s.hours, requireConfirmation: s.requireConfirmation })
        .onConflictDoUpdate({
          target: seminarCompletionSettings.seminarId,
          set: { hours: s.hours, requireConfirmation: s.requireConfirmation },
        });
      if (allChapterIds.length) {
        await tx
          .delete(chapterCompletionRules)
          .where(inArray(chapterCompletionRules.chapterId, allChapterIds));
      }
      if (s.videoDoneChapterIds.length) {
        await tx
          .insert(chapterCompletionRules)
          .values(s.videoDoneChapterIds.map((chapterId) => ({ chapterId, videoDone: true })));
      }
    });
  },

  // certificates ---------------------------------------------------------------------------------

  async certificateByCode(db: DbOrTx, code: string): Promise<CertificateRow | undefined> {
    const [row] = await db.select().from(certificates).where(eq(certificates.code, code)).limit(1);
    return row;
  },

  async certificatesOf(db: DbOrTx, userId: number) {
    return db
      .select({ certificate: certificates, slug: seminars.slug })
      .from(certificates)
      .leftJoin(seminars, eq(seminars.id, certificates.seminarId))
      .where(eq(certificates.userId, userId))
      .orderBy(desc(certificates.issuedAt), desc(certificates.id));
  },

  /** revokes a valid certificate; undefined when it was revoked meanwhile */
  async revoke(db: DbOrTx, id: number, by: number, reason: string, at: Date) {
    const [row] = await db
      .update(certificates)
      .set({ revokedAt: at, revokedBy: by, revokeReason: reason })
      .where(and(eq(certificates.id, id), sql`${certificates.revokedAt} is null`))
      .returning();
    return row;
  },
};
