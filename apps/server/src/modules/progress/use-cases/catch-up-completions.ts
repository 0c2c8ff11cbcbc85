import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client.ts';
import {
  chapterFiles,
  chapters,
  chapterUsers,
  mcTests,
  seminarCompletions,
  userGraduateMctests,
  videoProgress,
} from '../../../db/schema/index.ts';
import { activityOf } from '../progress.activity.ts';
import { evaluateCompletions } from './evaluate-completion.ts';

const notCompleted = (userId: unknown, seminarId: unknown) =>
  sql`not exists (select 1 from ${seminarCompletions} sc where sc.user_id = ${userId} and sc.seminar_id = ${seminarId})`;

/** the learners and seminars with progress but no stored completion */
async function candidates(db: DbOrTx) {
  const marks = db
    .selectDistinct({ userId: chapterUsers.userId, seminarId: chapters.seminarId })
    .from(chapterUsers)
    .innerJoin(chapters, eq(chapters.id, chapterUsers.chapterId))
    .where(notCompleted(chapterUsers.userId, chapters.seminarId));
  const videos = db
    .selectDistinct({ userId: videoProgress.userId, seminarId: chapters.seminarId })
    .from(videoProgress)
    .innerJoin(chapterFiles, eq(chapterFiles.id, videoProgress.fileId))
    .innerJoin(chapters, eq(chapters.id, chapterFiles.chapterId))
    .where(notCompleted(videoProgress.userId, chapters.seminarId));
  const runs = db
    .selectDistinct({ userId: userGraduateMctests.userId, seminarId: chapters.seminarId })
    .from(userGraduateMctests)
    .innerJoin(mcTests, eq(mcTests.id, userGraduateMctests.mcTestId))
    .innerJoin(chapters, eq(chapters.id, mcTests.chapterId))
    .where(
      and(
        isNotNull(userGraduateMctests.stoppedAt),
        notCompleted(userGraduateMctests.userId, chapters.seminarId),
      ),
    );
  return marks.union(videos).union(runs);
}

/**
 * The one-off catch-up of issue 36 item 3 (`npm run cli -- progress:complete`): before it, a
 * completion was stored when a page read the progress; a learner who met the rule and never
 * opened a page since has none. Each learner and seminar with progress and no completion is
 * evaluated by the one rule; a completion found is dated at the learner's last activity in the
 * seminar (the last fact that can have decided it), else now. Idempotent: a second run stores none.
 */
export async function catchUpCompletions(db: Db, now: () => number = Date.now): Promise<number> {
  const pairs = await candidates(db);
  let stored = 0;
  for (let i = 0; i < pairs.length; i += 200) {
    const part = pairs.slice(i, i + 200);
    const activity = await activityOf(
      db,
      [...new Set(part.map((p) => p.userId))],
      [...new Set(part.map((p) => p.seminarId))],
    );
    const lastOf = new Map(activity.map((a) => [`${a.userId}/${a.seminarId}`, a.lastActivity]));
    const at = new Date(now());
    stored += await db.transaction((tx) =>
      evaluateCompletions(
        tx,
        part.map((p) => ({ ...p, at: lastOf.get(`${p.userId}/${p.seminarId}`) ?? at })),
      ),
    );
  }
  return stored;
}
