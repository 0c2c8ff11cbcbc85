import type { CompletionSettingsBody, CompletionSettingsDto } from '@elearn/shared';
import { encodeMessage } from '@elearn/shared';
import { validation } from '../../../errors.ts';
import type { AuthUser } from '../../../plugins/session.ts';
import { managedSeminar, type ProgressContext } from '../progress.context.ts';
import { progressRepository as repo } from '../progress.repository.ts';

/** a seminar's completion rules (its owner and admins) */
export async function completionSettings(
  ctx: ProgressContext,
  actor: AuthUser,
  seminarId: number,
): Promise<CompletionSettingsDto> {
  await managedSeminar(ctx, actor, seminarId);
  const s = await repo.settings(ctx.db, seminarId);
  return {
    hours: s.hours,
    require_confirmation: s.requireConfirmation,
    video_done_chapter_ids: s.videoDoneChapterIds,
  };
}

/** @throws 422 when a chapter is not one of the seminar's */
export async function saveCompletionSettings(
  ctx: ProgressContext,
  actor: AuthUser,
  seminarId: number,
  body: CompletionSettingsBody,
): Promise<CompletionSettingsDto> {
  await managedSeminar(ctx, actor, seminarId);
  const all = await repo.chapterIdsOf(ctx.db, seminarId);
  const ids = [...new Set(body.video_done_chapter_ids)];
  if (ids.some((id) => !all.includes(id))) {
    throw validation({ video_done_chapter_ids: [encodeMessage('validation.invalid')] });
  }
  await repo.saveSettings(
    ctx.db,
    seminarId,
    { hours: body.hours, requireConfirmation: body.require_confirmation, videoDoneChapterIds: ids },
    all,
  );
  return completionSettings(ctx, actor, seminarId);
}
