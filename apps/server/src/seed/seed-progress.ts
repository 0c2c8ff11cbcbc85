import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import {
  certificates,
  chapterFiles,
  chapters,
  chapterUsers,
  seminarCompletionSettings,
  seminarCompletions,
  seminars,
  users,
  videoProgress,
} from '../db/schema/index.ts';
import { randomToken } from '../lib/crypto.ts';
import { demoSlug } from './demo-seminars.ts';

const DAY = 86_400_000;

/**
 * Demo progress (issue 16): the demo student part-way through "Einführung in die Projektarbeit"
 * (the first chapter done, the video watched to 40 % and stopped at 0:02; both tests passed by
 * seed-mc-tests.ts), and the demo employee with "Sicherheit im Betrieb" (the company seminar, no
 * tests) completed five days ago and its certificate (2 hours). Does nothing when a certificate
 * exists.
 */
export async function seedProgress(db: Db, ids: Record<string, number>): Promise<void> {
  const [existing] = await db.select({ n: sql<number>`count(*)::int` }).from(certificates);
  if ((existing?.n ?? 0) > 0) return;
  const bySlug = async (slug: string) =>
    (await db.select().from(seminars).where(eq(seminars.slug, slug)).limit(1))[0];
  const chaptersOf = (seminarId: number) =>
    db
      .select()
      .from(chapters)
      .where(eq(chapters.seminarId, seminarId))
      .orderBy(asc(chapters.position), asc(chapters.id));

  const intro = await bySlug(demoSlug('intro'));
  if (intro && ids.student) {
    const first = (await chaptersOf(intro.id)).find((c) => c.chapterId === null);
    if (first) {
      await db
        .insert(chapterUsers)
        .values({ chapterId: first.id, userId: ids.student })
        .onConflictDoNothing();
      const [video] = await db
        .select()
        .from(chapterFiles)
        .where(and(eq(chapterFiles.chapterId, first.id), eq(chapterFiles.kind, 'video')))
        .limit(1);
      if (video)
        await db
          .insert(videoProgress)
          .values({
            userId: ids.student,
            fileId: video.id,
            positionS: 2,
            durationS: 5,
            intervals: [[0, 2]],
            watchedS: 2,
          })
          .onConflictDoNothing();
    }
  }

  const safety = await bySlug(demoSlug('safety'));
  const employee = ids.mitarbeiter;
  if (!safety || !employee) return;
  await db
    .insert(seminarCompletionSettings)
    .values({ seminarId: safety.id, hours: 2, requireConfirmation: false })
    .onConflictDoNothing();
  const completedAt = new Date(Date.now() - 5 * DAY);
  const all = await chaptersOf(safety.id);
  if (all.length === 0) return;
  await db
    .insert(chapterUsers)
    .values(all.map((c) => ({ chapterId: c.id, userId: employee, doneAt: completedAt })))
    .onConflictDoNothing();
  const [owner] = await db.select().from(users).where(eq(users.id, safety.ownerId));
  const [learner] = await db.select().from(users).where(eq(users.id, employee));
  if (!owner || !learner) return;
  await db
    .insert(seminarCompletions)
    .values({ userId: employee, seminarId: safety.id, completedAt })
    .onConflictDoNothing();
  await db
    .insert(certificates)
    .values({
      code: randomToken(18),
      userId: employee,
      seminarId: safety.id,
      ownerId: owner.id,
      learnerName: `${learner.firstName} ${learner.lastName}`,
      seminarTitle: safety.title,
      trainerName: `${owner.firstName} ${owner.lastName}`,
      hours: 2,
      completedAt,
      issuedAt: completedAt,
    })
    .onConflictDoNothing();
}
