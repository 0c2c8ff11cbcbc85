import { forbidden } from '../../../errors.ts';
import type { AuthUser } from '../../../plugins/session.ts';
import { type ChaptersContext, manageChapter, playChapter } from '../chapters.context.ts';
import { iso } from '../chapters.dto.ts';
import { chaptersRepository as repo } from '../chapters.repository.ts';

/** @throws chapter.locked (403) */
export async function toggleDone(
  ctx: ChaptersContext,
  actor: AuthUser,
  chapterId: number,
  done: boolean | undefined,
) {
  const { chapter, access } = await playChapter(ctx, actor, chapterId);
  // a done mark is progress in a booked seminar: a free preview alone does not open it
  if (!access.play) throw forbidden();
  const current = (await repo.doneOf(ctx.db, actor.id, [chapter.id])).has(chapter.id);
  const target = done ?? !current;
  const now = new Date(ctx.now());
  // marking done may complete the seminar: decided in the same transaction, dated now (issue 36)
  const at = await ctx.db.transaction(async (tx) => {
    const doneAt = await repo.setDone(tx, chapter.id, actor.id, target, now);
    if (target) await ctx.completionChanged?.(tx, actor.id, chapter.seminarId, now);
    return doneAt;
  });
  return { chapter_id: chapter.id, done: target, done_at: at ? iso(at) : null };
}

/** who marked a chapter the caller manages done, and when */
export async function interactions(ctx: ChaptersContext, actor: AuthUser, chapterId: number) {
  const { chapter } = await manageChapter(ctx, actor, chapterId);
  const rows = await repo.interactions(ctx.db, chapter.id);
  return rows.map((r) => ({
    user_id: r.userId,
    first_name: r.firstName,
    last_name: r.lastName,
    email: r.email,
    done_at: iso(r.doneAt),
  }));
}

/** the caller's seminars with chapters still open, and those chapters */
export async function todos(ctx: ChaptersContext, actor: AuthUser) {
  const rows = await repo.todoRows(ctx.db, actor.id);
  const bySeminar = new Map<
    number,
    {
      seminar: { id: number; title: string; slug: string };
      total: number;
      done: number;
      open: { id: number; label: string; chapter_id: number | null }[];
    }
  >();
  for (const r of rows) {
    const entry = bySeminar.get(r.seminarId) ?? {
      seminar: { id: r.seminarId, title: r.title, slug: r.slug },
      total: 0,
      done: 0,
      open: [],
    };
    entry.total++;
    if (r.doneAt) entry.done++;
    else entry.open.push({ id: r.chapterId, label: r.label, chapter_id: r.parentId });
    bySeminar.set(r.seminarId, entry);
  }
  return [...bySeminar.values()]
    .filter((e) => e.open.length > 0)
    .map((e) => ({ seminar: e.seminar, total: e.total, done: e.done, open_chapters: e.open }));
}
