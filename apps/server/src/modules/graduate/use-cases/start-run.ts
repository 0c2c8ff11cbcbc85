import { randomInt } from 'node:crypto';
import type { McTestMode, StartedRun } from '@elearn/shared';
import type { RunSnapshot } from '../../../db/schema/index.ts';
import { conflict } from '../../../errors.ts';
import type { AuthUser } from '../../../plugins/session.ts';
import { mcTestPolicy } from '../../../policies/mc-test.policy.ts';
import type { GraduateContext } from '../graduate.context.ts';
import { startedRun } from '../graduate.dto.ts';
import { graduateRepository as repo } from '../graduate.repository.ts';

/** Fisher–Yates with a CSPRNG: the order of answers tells nothing about which are correct. */
function shuffled<T>(list: readonly T[]): T[] {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/**
 * Starts a run (201) or resumes the caller's open run of the test (200).
 * @throws 404, 403 (forbidden, mc_test.disabled, chapter.locked, mc_test.not_open_yet / closed), 409 mc_test.empty / attempts_exhausted /
 *   draw_unsatisfiable (a drawn test's pool shrank)
 */
export async function startRun(
  ctx: GraduateContext,
  actor: AuthUser,
  testId: number,
): Promise<{ run: StartedRun; created: boolean }> {
  const { db, mcTests } = ctx;
  const { test, manage } = await mcTests.takeAccess(actor, testId);
  const open = await repo.openRun(db, test.id, actor.id);
  if (open) return { run: startedRun(open, test.id, true, ctx.now()), created: false };
  // outside the window no run starts; a manager may preview (issue 37 item 4)
  if (!manage) mcTests.requireWindowOpen(test);
  const questions = await mcTests.questionsForRun(test);
  if (questions.length === 0) throw conflict('mc_test.empty', 'mc_test.empty');
  if (!manage && test.mode === 'exam') {
    const budget = await mcTests.runBudget(test.id, actor.id);
    const allowed = mcTestPolicy.runsAllowed(test.mode, budget.extraRuns);
    if (allowed !== null && budget.examRuns >= allowed) {
      // a concurrent start of the same user may have opened the run in the meantime
      const opened = await repo.openRun(db, test.id, actor.id);
      if (opened) return { run: startedRun(opened, test.id, true, ctx.now()), created: false };
      throw conflict('mc_test.attempts_exhausted', 'mc_test.attempts_exhausted');
    }
  }
  const snapshot: RunSnapshot = {
    mode: test.mode as McTestMode,
    percentToAccomplish: test.percentToAccomplish,
    label: test.label,
    questions: questions.map((q) => ({
      id: q.question.id,
      label: q.question.label,
      points: q.question.points,
      // kept with the run: later edits of the pool do not change what its review shows
      explanation: q.question.explanation,
      answers: shuffled(q.answers).map((a) => ({
        id: a.id,
        label: a.label,
        correct: a.correct,
        explanation: a.explanation,
      })),
    })),
  };
  // the deadline is fixed here, on the server's clock: the limit plus the learner's granted minutes
  const startedAt = new Date(ctx.now());
  const minutes = await mcTests.runMinutes(test, actor.id);
  const limited = minutes === null ? null : new Date(startedAt.getTime() + minutes * 60_000);
  // a run ends at the window's close at the latest (issue 37 item 4)
  const closes = test.closesAt && test.closesAt > startedAt ? test.closesAt : null;
  const deadline = limited && closes ? (limited < closes ? limited : closes) : (limited ?? closes);
  const run = await repo.insertRun(db, {
    mcTestId: test.id,
    userId: actor.id,
    mode: test.mode,
    snapshot,
    startedAt,
    deadline,
  });
  if (run) {
    ctx.totals.clear();
    ctx.openSnapshots.keep(run.id, snapshot);
    return { run: startedRun(run, test.id, false, ctx.now()), created: true };
  }
  // a concurrent start of the same user opened the run first
  const other = await repo.openRun(db, test.id, actor.id);
  if (!other) throw conflict();
  return { run: startedRun(other, test.id, true, ctx.now()), created: false };
}
