import { type ChapterDto, chapterOpensAt, dripOpen, isChapterOpen } from '@elearn/shared';
import { forbidden, notFound } from '../../../errors.ts';
import type { AuthUser } from '../../../plugins/session.ts';
import { chapterPolicy } from '../../../policies/chapter.policy.ts';
import type { Actor, ChaptersContext } from '../chapters.context.ts';
import { type ChapterRow, chaptersRepository as repo } from '../chapters.repository.ts';
import { tree } from '../chapters.tree.ts';

/** the whole tree of a seminar the caller manages */
export async function forOwner(
  ctx: ChaptersContext,
  actor: AuthUser,
  seminarId: number,
): Promise<ChapterDto[]> {
  const access = await ctx.seminars.access(actor, seminarId);
  if (!access.manage) throw forbidden();
  return tree(ctx, seminarId, { userId: null, hideLocked: false });
}

/** the tree a player sees (locked content hidden unless they manage it) with their done marks */
export async function forBooked(
  ctx: ChaptersContext,
  actor: AuthUser,
  seminarId: number,
): Promise<ChapterDto[]> {
  const access = await ctx.seminars.accessForPlay(actor, seminarId);
  if (!access.play) throw forbidden();
  // drip (issue 36): a learner's chapters open N days after their first grant; owners see all
  return tree(ctx, seminarId, {
    userId: null,
    hideLocked: !access.manage,
    done: access.doneIds,
    ...(!access.manage && access.booked ? { dripUserId: actor.id } : {}),
  });
}

/**
 * The outline of a public seminar's free previews, the same for every caller (guests included):
 * every chapter's label, position and preview flag; content and media only of the open previews.
 * 404 for a seminar that is not public or belongs to a company.
 */
export async function previewOutline(
  ctx: ChaptersContext,
  actor: Actor,
  seminarId: number,
): Promise<ChapterDto[]> {
  const { seminar } = await ctx.seminars.access(actor, seminarId);
  if (!chapterPolicy.previewsOpen(seminar)) throw notFound();
  return tree(ctx, seminarId, { userId: null, hideLocked: true, previewOnly: true });
}

export async function sideMenu(ctx: ChaptersContext, actor: AuthUser, seminarId: number) {
  const access = await ctx.seminars.access(actor, seminarId);
  if (!access.play) throw forbidden();
  const rows = await repo.listBySeminar(ctx.db, seminarId);
  const learner = !access.manage && access.booked && rows.some((r) => r.availableAfterDays);
  const dripFrom = learner ? await repo.firstGrantOf(ctx.db, actor.id, seminarId) : null;
  const open = (r: ChapterRow, parent: ChapterRow | null) =>
    isChapterOpen(r, parent) && dripOpen(chapterOpensAt(r, parent, dripFrom), ctx.now());
  // players see the lock as the player applies it (a sub-chapter of a locked chapter is
  // locked, and one drip has not opened yet too); owners see each chapter's own flag, as in
  // their tree and toggles
  const entry = (r: ChapterRow, parent: ChapterRow | null) => ({
    id: r.id,
    label: r.label,
    chapter_id: r.chapterId,
    position: r.position,
    unlocked: (access.manage ? r.unlocked : open(r, parent) ? 1 : 0) as 0 | 1,
    preview: access.manage ? r.preview : chapterPolicy.isPreview(r, parent),
  });
  return rows
    .filter((r) => r.chapterId === null)
    .map((r) => ({
      ...entry(r, null),
      sub_chapters: rows.filter((s) => s.chapterId === r.id).map((s) => entry(s, r)),
    }));
}
