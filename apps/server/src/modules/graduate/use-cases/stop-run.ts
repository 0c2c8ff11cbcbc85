import {
  encodeMessage,
  RUN_GRACE_SECONDS,
  type StopResult,
  type StopTestBody,
  scoreMcTestRun,
} from '@elearn/shared';
import type { RunSnapshot, SavedAnswers } from '../../../db/schema/index.ts';
import { conflict, notFound, validation } from '../../../errors.ts';
import type { AuthUser } from '../../../plugins/session.ts';
import { mcTestPolicy } from '../../../policies/mc-test.policy.ts';
import { choicesOf } from '../answer-coding.ts';
import type { GraduateContext } from '../graduate.context.ts';
import { iso } from '../graduate.dto.ts';
import { reviewAt } from '../graduate-review.ts';

/**
 * The answers chosen per question: each question one of the snapshot's, once, each answer one of
 * its own (422 mc_test.answer_invalid otherwise).
 */
function chosenAnswers(snapshot: RunSnapshot, questions: StopTestBody['resultSet']['questions']) {
  const byId = new Map(snapshot.questions.map((q) => [q.id, q]));
  const chosen = new Map<number, Set<number>>();
  const invalid = () =>
    validation(
      { 'resultSet.questions': [encodeMessage('mc_test.answer_invalid')] },
      'mc_test.answer_invalid',
      'mc_test.answer_invalid',
    );
  for (const entry of questions) {
    const q = byId.get(entry.questionId);
    if (!q || chosen.has(q.id)) throw invalid();
    const picked = new Set(entry.answerIds);
    const known = new Set(q.answers.map((a) => a.id));
    if (picked.size !== entry.answerIds.length || entry.answerIds.some((id) => !known.has(id))) {
      throw invalid();
    }
    chosen.set(q.id, picked);
  }
  return chosen;
}

/** the saved answers as the stop's body carries answers */
const savedEntries = (saved: SavedAnswers | null) =>
  Object.entries(saved ?? {}).map(([questionId, answerIds]) => ({
    questionId: Number(questionId),
    answerIds,
  }));

/**
 * Scores and stores a run once, on the snapshot taken at its start.
 * @throws 404 (not the caller's run, checked first), 409 mc_test.run_already_stopped,
 *   422 mc_test.answer_invalid, 403/404 when the test may no longer be taken
 */
export async function stopRun(
  ctx: GraduateContext,
  actor: AuthUser,
  body: StopTestBody['resultSet'],
): Promise<StopResult> {
  const { openSnapshots } = ctx;
  const kept = openSnapshots.get(body.userGraduateId);
  const found = await ctx.runForStop({ runId: body.userGraduateId, userId: actor.id, withSnapshot: !kept });
  if (!found || !mcTestPolicy.ownRun(actor, found.run)) throw notFound();
  const { run } = found;
  if (run.stoppedAt) {
    openSnapshots.drop(run.id);
    throw conflict('mc_test.run_already_stopped', 'mc_test.run_already_stopped');
  }
  ctx.mcTests.decide(actor, found.facts);
  const snapshot = kept ?? run.snapshot;
  if (!snapshot) throw new Error(`run ${run.id}: no snapshot`);
  const at = new Date(ctx.now());
  // a stop later than the deadline plus the grace scores the answers saved before the deadline
  // (saving is refused after it), never the ones it carries (issue 37 item 1)
  const late = run.deadline !== null && at.getTime() > run.deadline.getTime() + RUN_GRACE_SECONDS * 1000;
  const chosen = chosenAnswers(snapshot, late ? savedEntries(run.savedAnswers) : body.questions);
  const score = scoreMcTestRun(snapshot.questions, chosen, snapshot.percentToAccomplish);
  const choices = choicesOf(snapshot, chosen, score.perQuestion);
  const stored = await ctx.storeResult({
    runId: run.id,
    achievedPercent: score.achievedPercent,
    accomp: score.accomp,
    rightCount: score.perQuestion.filter((p) => p.correct).length,
    totalCount: score.perQuestion.length,
    at,
    choices,
  });
  openSnapshots.drop(run.id);
  if (!stored) throw conflict('mc_test.run_already_stopped', 'mc_test.run_already_stopped');
  // an accomplished run may complete the seminar (issue 36 item 3): the stops are batched into one
  // statement, so this runs right after it, dated at the stop, one transaction for the stops together
  if (score.accomp) await ctx.runStopped?.(actor.id, run.mcTestId, at);
  return {
    user_graduate_id: run.id,
    mc_test_id: run.mcTestId,
    mode: snapshot.mode,
    percent_to_accomplish: snapshot.percentToAccomplish,
    achievedPercent: score.achievedPercent,
    accomp: score.accomp,
    startDateTime: iso(run.startedAt),
    stopDateTime: iso(at),
    // what the test's review policy shows now (issue 37 item 5; by default an exam's result says
    // passed or not, never which questions were right, a practice run's shows everything)
    result: reviewAt(
      mcTestPolicy.review(
        { ...found.review, mode: snapshot.mode, accomplished: found.review.accomplished || score.accomp },
        at.getTime(),
      ),
      snapshot,
      choices,
    ),
  };
}
