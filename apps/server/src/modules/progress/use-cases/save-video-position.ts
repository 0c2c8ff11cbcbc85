import type { VideoPositionBody } from '@elearn/shared';
import { forbidden, notFound } from '../../../errors.ts';
import type { AuthUser } from '../../../plugins/session.ts';
import { seminarPolicy } from '../../../policies/seminar.policy.ts';
import type { ProgressContext } from '../progress.context.ts';
import { progressRepository as repo } from '../progress.repository.ts';

/**
 * Saves where the learner is in a video and merges the parts played: one statement with the
 * access check. Owners and admins may play without a grant: theirs is saved too.
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
  const saved = await ctx.savePosition({
    userId: actor.id,
    isAdmin,
    fileId,
    position: Math.min(body.position, duration),
    duration,
    segments,
    at: new Date(ctx.now()),
  });
  if (saved) return;
  // refused: which answer (only now, the saves that pass take one statement)
  const access = await repo.videoAccess(ctx.db, fileId, actor.id);
  if (!access) throw notFound();
  throw forbidden();
}
