import type { VideoPositionBody } from '@elearn/shared';
import { forbidden, notFound } from '../../../errors.ts';
import type { AuthUser } from '../../../plugins/session.ts';
import { seminarPolicy } from '../../../policies/seminar.policy.ts';
import type { ProgressContext } from '../progress.context.ts';
import { progressRepository as repo } from '../progress.repository.ts';
import { evaluateCompletion } from './evaluate-completion.ts';

/**
 * Saves where the learner is in a video and merges the parts played: one statement with the
 * access check. Owners and admins may play without a grant: theirs is saved too. A save that
 * passes a chapter's coverage rule evaluates the seminar's completion.
 * @throws 404 unknown video, 403 not playable by the caller
 */
export async function saveVideoPosition(
  ctx: ProgressContext,
  actor: AuthUser,
  fileId: number,
  body: VideoPositionBody,
): Promise<void> {
  const isAdmin = seminarPolicy.managesEvery(actor);
  const duration = body.duration;
  const segments = body.segments
    .map(([from, to]) => [Math.min(from, duration), Math.min(to, duration)] as [number, number])
    .filter(([from, to]) => to > from);
  const at = new Date(ctx.now());
  const { saved, decides } = await ctx.savePosition({
    userId: actor.id,
    isAdmin,
    fileId,
    position: Math.min(body.position, duration),
    duration,
    segments,
    at,
  });
  if (saved) {
    // the video passed its coverage rule: the seminar may be complete now (issue 36 item 3); the
    // saves are batched into one statement, so this runs right after it, in its own transaction
    if (decides !== null) await ctx.db.transaction((tx) => evaluateCompletion(tx, actor.id, decides, at));
    return;
  }
  // refused: which answer (only now, the saves that pass take one statement)
  const access = await repo.videoAccess(ctx.db, fileId, actor.id);
  if (!access) throw notFound();
  throw forbidden();
}
