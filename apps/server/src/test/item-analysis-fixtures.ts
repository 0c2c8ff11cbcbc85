import { scoreMcTestRun } from '@elearn/shared';
import type { DbOrTx } from '../db/client.ts';
import { userGraduateMctests, userGraduateResults } from '../db/schema/index.ts';
import { choicesOf } from '../modules/graduate/answer-coding.ts';
import { mcTestRows } from './mc-test-fixtures.ts';

/**
 * A stopped run of a test on its current questions, written straight into the database (its item
 * rows are derived by the next item analysis): `pattern` says per question (in order) whether it was
 * answered right (every correct answer chosen) or wrong (the first wrong answer by id chosen).
 */
export async function scoredRun(
  db: DbOrTx,
  testId: number,
  userId: number,
  pattern: boolean[],
  opts: { mode?: 'exam' | 'practice'; startedAt?: Date } = {},
) {
  const snapshot = await mcTestRows(db).snapshotOf(testId);
  if (opts.mode) snapshot.mode = opts.mode;
  const chosen = new Map(
    snapshot.questions.map((q, i) => {
      const byId = [...q.answers].sort((a, b) => a.id - b.id);
      const pick = pattern[i] ? byId.filter((a) => a.correct) : byId.filter((a) => !a.correct).slice(0, 1);
      return [q.id, new Set(pick.map((a) => a.id))];
    }),
  );
  const score = scoreMcTestRun(snapshot.questions, chosen, snapshot.percentToAccomplish);
  const startedAt = opts.startedAt ?? new Date();
  const stoppedAt = new Date(startedAt.getTime() + 60_000);
  const [run] = await db
    .insert(userGraduateMctests)
    .values({
      mcTestId: testId,
      userId,
      mode: snapshot.mode,
      snapshot,
      startedAt,
      stoppedAt,
      achievedPercent: score.achievedPercent,
      accomp: score.accomp,
      rightCount: score.perQuestion.filter((p) => p.correct).length,
      totalCount: score.perQuestion.length,
    })
    .returning();
  await db.insert(userGraduateResults).values({
    userGraduateMctestId: run!.id,
    createdAt: stoppedAt,
    choices: choicesOf(snapshot, chosen, score.perQuestion),
  });
  return run!;
}
