import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
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
import { certificatesRepository } from './certificates.repository.ts';
import { completionRepository } from './completion.repository.ts';
import { parent, playable } from './progress.sql.ts';
import { videoProgressRepository } from './video-progress.repository.ts';

export type { CertificateRow } from './certificates.repository.ts';
export type { PositionSave, SavedPosition } from './video-progress.repository.ts';

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

/** The progress read model's queries: the seminars' structure and the learners' facts. */
const readModelRepository = {
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
};

/**
 * The only place that builds queries on the progress tables and certificates: the read model
 * here, the player's saves (video-progress.repository.ts), completion settings and completions
 * (completion.repository.ts) and certificates (certificates.repository.ts).
 */
export const progressRepository = {
  ...videoProgressRepository,
  ...readModelRepository,
  ...completionRepository,
  ...certificatesRepository,
};
