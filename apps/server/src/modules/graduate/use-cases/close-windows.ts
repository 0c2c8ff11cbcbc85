import { RUN_GRACE_SECONDS, scoreMcTestRun } from '@elearn/shared';
import { choicesOf } from '../answer-coding.ts';
import type { GraduateContext } from '../graduate.context.ts';
import { type ClosedWindowRun, graduateCloseRepository as closeRepo } from '../graduate-close.repository.ts';

/** the job that ends the runs a window's close leaves open, and its schedule (every minute, UTC) */
export const CLOSE_WINDOWS_JOB = 'graduate.close-windows';
export const CLOSE_WINDOWS_CRON = '* * * * *';
const BATCH = 200;

/** the answers saved during the run that belong to its snapshot, as the scoring takes them */
function savedChoices(run: ClosedWindowRun): Map<number, Set<number>> {
  const chosen = new Map<number, Set<number>>();
  for (const q of run.snapshot.questions) {
    const saved = run.savedAnswers?.[String(q.id)];
    if (!saved) continue;
    const known = new Set(q.answers.map((a) => a.id));
    chosen.set(q.id, new Set(saved.filter((id) => known.has(id))));
  }
  return chosen;
}

/** a run's end: its deadline or its test's close, whichever came first */
function endOf(run: ClosedWindowRun): Date {
  const ends = [run.deadline, run.closesAt].filter((d): d is Date => d !== null);
  return new Date(Math.min(...ends.map((d) => d.getTime())));
}

/**
 * Scores every run nobody stopped by its end, once, as a late stop is scored (issue 37 items 1
 * and 4): a run whose deadline passed more than the grace ago (the learner closed the tab), and
 * every run still open of a test whose window has closed. It counts the answers saved up to the
 * run's end (saving is refused after it) and is stopped at that end. The stop's own store is used,
 * so a learner's stop at the same moment and this job score the run once between them.
 * Answers how many runs it stopped.
 */
export async function closeWindows(ctx: GraduateContext): Promise<{ stopped: number }> {
  let stopped = 0;
  for (;;) {
    const before = stopped;
    const runs = await closeRepo.openRunsPastEnd(ctx.db, new Date(ctx.now()), RUN_GRACE_SECONDS, BATCH);
    for (const run of runs) {
      const { snapshot } = run;
      const chosen = savedChoices(run);
      const score = scoreMcTestRun(snapshot.questions, chosen, snapshot.percentToAccomplish);
      const end = endOf(run);
      const at = end < run.startedAt ? run.startedAt : end;
      const stored = await ctx.storeResult({
        runId: run.id,
        achievedPercent: score.achievedPercent,
        accomp: score.accomp,
        rightCount: score.perQuestion.filter((p) => p.correct).length,
        totalCount: score.perQuestion.length,
        at,
        choices: choicesOf(snapshot, chosen, score.perQuestion),
      });
      ctx.openSnapshots.drop(run.id);
      if (!stored) continue;
      stopped++;
      if (score.accomp) await ctx.runStopped?.(run.userId, run.mcTestId, at);
    }
    // a full batch may have more behind it; one that stopped nothing would only repeat itself
    if (runs.length < BATCH || stopped === before) return { stopped };
  }
}
