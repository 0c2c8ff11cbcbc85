import { type ChapterDto, encodeMessage, type reorderChaptersBodySchema } from '@elearn/shared';
import type { z } from 'zod';
import { forbidden, validation } from '../../../errors.ts';
import type { AuthUser } from '../../../plugins/session.ts';
import type { ChaptersContext } from '../chapters.context.ts';
import { chaptersRepository as repo } from '../chapters.repository.ts';
import { tree } from '../chapters.tree.ts';

/** @throws chapter.order_mismatch, chapter.too_deep (422) */
export async function reorderChapters(
  ctx: ChaptersContext,
  actor: AuthUser,
  body: z.infer<typeof reorderChaptersBodySchema>,
): Promise<ChapterDto[]> {
  const access = await ctx.seminars.access(actor, body.seminar_id);
  if (!access.manage) throw forbidden();
  const rows = await repo.listBySeminar(ctx.db, body.seminar_id);
  const ids = new Set(rows.map((r) => r.id));
  const given = new Set(body.order.map((o) => o.id));
  const mismatch = () =>
    validation(
      { order: [encodeMessage('chapter.order_mismatch')] },
      'chapter.order_mismatch',
      'chapter.order_mismatch',
    );
  if (given.size !== body.order.length || given.size !== ids.size || [...given].some((id) => !ids.has(id)))
    throw mismatch();
  const parents = new Set(body.order.filter((o) => o.chapter_id !== null).map((o) => o.chapter_id));
  for (const o of body.order) {
    if (o.chapter_id === null) continue;
    if (!ids.has(o.chapter_id) || o.chapter_id === o.id) throw mismatch();
    const parent = body.order.find((p) => p.id === o.chapter_id);
    // one level only: a parent must be top level, and a chapter with children stays top level
    if (parent?.chapter_id !== null || parents.has(o.id)) {
      throw validation(
        { order: [encodeMessage('chapter.too_deep')] },
        'chapter.too_deep',
        'chapter.too_deep',
      );
    }
  }
  await ctx.db.transaction(async (tx) => {
    for (const o of body.order)
      await repo.update(tx, o.id, { chapterId: o.chapter_id, position: o.position });
  });
  ctx.changed();
  return tree(ctx, body.seminar_id, { userId: null, hideLocked: false });
}
