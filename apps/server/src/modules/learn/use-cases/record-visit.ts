import { encodeMessage, type SeminarVisitBody } from '@elearn/shared';
import { AppError, forbidden, validation } from '../../../errors.ts';
import type { AuthUser } from '../../../plugins/session.ts';
import type { LearnContext } from '../learn.context.ts';
import { learnRepository as repo } from '../learn.repository.ts';

/**
 * The player opened a chapter: it becomes the seminar's continue target. Only a chapter the
 * caller may play in a seminar they hold (or own) counts.
 * @throws 404 (unknown seminar), 403 (forbidden, chapter.locked), 422 (chapter not of the seminar)
 */
export async function recordVisit(
  ctx: LearnContext,
  actor: AuthUser,
  seminarId: number,
  body: SeminarVisitBody,
): Promise<void> {
  const access = await ctx.seminars.access(actor, seminarId);
  if (!access.play) throw forbidden();
  const notOfSeminar = () =>
    validation({ chapter_id: [encodeMessage('validation.invalid')] }, 'validation_failed');
  let chapter: { id: number; seminarId: number };
  try {
    chapter = (await ctx.chapters.playable(actor, body.chapter_id)).chapter;
  } catch (e) {
    // an unknown chapter, or one of a seminar the caller cannot reach, is a wrong value of the
    // body, not a missing resource of the address (a locked chapter stays 403 chapter.locked)
    if (e instanceof AppError && (e.status === 404 || e.code === 'forbidden')) throw notOfSeminar();
    throw e;
  }
  if (chapter.seminarId !== seminarId) throw notOfSeminar();
  await repo.saveVisit(ctx.db, {
    userId: actor.id,
    seminarId,
    chapterId: chapter.id,
    at: new Date(ctx.now()),
  });
}
