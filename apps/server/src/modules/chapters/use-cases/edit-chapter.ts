import {
  type ChapterDto,
  type createChapterBodySchema,
  encodeMessage,
  type updateChapterBodySchema,
} from '@elearn/shared';
import type { z } from 'zod';
import { forbidden, validation } from '../../../errors.ts';
import { sanitizeRichText } from '../../../lib/sanitize.ts';
import { removeStored } from '../../../lib/storage.ts';
import type { AuthUser } from '../../../plugins/session.ts';
import { type ChaptersContext, manageChapter } from '../chapters.context.ts';
import { chaptersRepository as repo } from '../chapters.repository.ts';
import { one } from '../chapters.tree.ts';

/** @throws chapter.too_deep (422) */
export async function createChapter(
  ctx: ChaptersContext,
  actor: AuthUser,
  body: z.infer<typeof createChapterBodySchema>,
): Promise<ChapterDto> {
  const access = await ctx.seminars.access(actor, body.seminar_id);
  if (!access.manage) throw forbidden();
  const parentId = body.chapter_id ?? null;
  if (parentId !== null) {
    const parent = await repo.findById(ctx.db, parentId);
    if (!parent || parent.seminarId !== body.seminar_id) {
      throw validation({ chapter_id: [encodeMessage('validation.invalid')] });
    }
    if (parent.chapterId !== null) {
      throw validation(
        { chapter_id: [encodeMessage('chapter.too_deep')] },
        'chapter.too_deep',
        'chapter.too_deep',
      );
    }
  }
  const position = await repo.nextPosition(ctx.db, body.seminar_id, parentId);
  const row = await repo.insert(ctx.db, {
    seminarId: body.seminar_id,
    chapterId: parentId,
    label: body.label,
    content: sanitizeRichText(body.content),
    description: sanitizeRichText(body.description),
    preview: body.preview,
    availableAfterDays: body.available_after_days,
    position,
  });
  ctx.changed();
  return one(ctx, row);
}

export async function updateChapter(
  ctx: ChaptersContext,
  actor: AuthUser,
  body: z.infer<typeof updateChapterBodySchema>,
): Promise<ChapterDto> {
  const { chapter } = await manageChapter(ctx, actor, body.id);
  const row = await repo.update(ctx.db, chapter.id, {
    label: body.label,
    content: sanitizeRichText(body.content),
    description: sanitizeRichText(body.description),
    ...(body.preview !== undefined ? { preview: body.preview } : {}),
    ...(body.available_after_days !== undefined ? { availableAfterDays: body.available_after_days } : {}),
  });
  ctx.changed();
  return one(ctx, row!);
}

export async function removeChapter(ctx: ChaptersContext, actor: AuthUser, id: number) {
  const { chapter } = await manageChapter(ctx, actor, id);
  const files = await repo.storagePathsOfChapter(ctx.db, chapter.id);
  await repo.delete(ctx.db, chapter.id);
  ctx.changed();
  for (const f of files) await removeStored(ctx.fileStore, f);
}

export async function toggleLocked(ctx: ChaptersContext, actor: AuthUser, id: number): Promise<ChapterDto> {
  const { chapter } = await manageChapter(ctx, actor, id);
  const row = await repo.update(ctx.db, chapter.id, { unlocked: chapter.unlocked === 1 ? 0 : 1 });
  ctx.changed();
  return one(ctx, row!);
}
