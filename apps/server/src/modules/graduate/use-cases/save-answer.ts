import { encodeMessage, type SavedAnswer } from '@elearn/shared';
import { conflict, notFound, validation } from '../../../errors.ts';
import type { AuthUser } from '../../../plugins/session.ts';
import type { GraduateContext } from '../graduate.context.ts';
import { iso } from '../graduate.dto.ts';

const answerInvalid = () =>
  validation(
    { answerIds: [encodeMessage('mc_test.answer_invalid')] },
    'mc_test.answer_invalid',
    'mc_test.answer_invalid',
  );
const deadlinePassed = () => conflict('mc_test.deadline_passed', 'mc_test.deadline_passed');
const alreadyStopped = () => conflict('mc_test.run_already_stopped', 'mc_test.run_already_stopped');

/**
 * Saves the caller's answers to one question of their open run (PUT: the same body twice leaves
 * the same state; an empty list saves "no answer"). Refused once the run is stopped or its
 * deadline has passed on the server's clock: what a late stop scores is fixed then (issue 37).
 * @throws 404 (not the caller's run), 409 mc_test.run_already_stopped / mc_test.deadline_passed,
 *   422 mc_test.answer_invalid (a question or an answer not of the run)
 */
export async function saveAnswer(
  ctx: GraduateContext,
  actor: AuthUser,
  runId: number,
  questionId: number,
  answerIds: number[],
): Promise<SavedAnswer> {
  const kept = ctx.openSnapshots.get(runId);
  const run = await ctx.runForSave({ runId, withSnapshot: !kept });
  if (!run || run.userId !== actor.id) throw notFound();
  if (run.stoppedAt) throw alreadyStopped();
  const now = ctx.now();
  if (run.deadline && now >= run.deadline.getTime()) throw deadlinePassed();
  const snapshot = kept ?? run.snapshot;
  const question = snapshot?.questions.find((q) => q.id === questionId);
  const known = new Set(question?.answers.map((a) => a.id));
  if (!question || new Set(answerIds).size !== answerIds.length || answerIds.some((id) => !known.has(id))) {
    throw answerInvalid();
  }
  const at = new Date(now);
  const saved = await ctx.storeSave({ runId, userId: actor.id, questionId, answerIds, at });
  if (!saved) {
    // stopped or past its deadline in the meantime (a concurrent stop, a grant cannot shorten it)
    const again = await ctx.runForSave({ runId, withSnapshot: false });
    throw again?.stoppedAt ? alreadyStopped() : deadlinePassed();
  }
  return {
    question_id: questionId,
    answer_ids: answerIds,
    deadline: saved.deadline ? iso(saved.deadline) : null,
    now: at.toISOString(),
  };
}
