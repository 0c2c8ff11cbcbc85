import { type ChapterDto, chapterOpensAt, dripOpen, isChapterOpen, type SubChapterDto } from '@elearn/shared';
import { notFound } from '../../errors.ts';
import { chapterPolicy } from '../../policies/chapter.policy.ts';
import type { ChaptersContext } from './chapters.context.ts';
import { jsonFileDto, jsonLinkDto } from './chapters.dto.ts';
import { type ChapterRow, chaptersRepository as repo, type TreeRow } from './chapters.repository.ts';

export interface TreeOptions {
  userId: number | null;
  hideLocked: boolean;
  /** the outline of the free previews: only open preview chapters keep content and media */
  previewOnly?: boolean;
  done?: ReadonlySet<number>;
  /**
   * the learner drip applies to (issue 36; a booked player, an access link's employee; omitted for
   * owners): chapters whose drip date, counted from the learner's first grant, has not come are
   * locked and say when they open. Their grant is read only when the seminar has drip chapters.
   */
  dripUserId?: number;
}

type ViewKey = 'all' | 'open' | 'preview';

function buildView(rows: TreeRow[], key: ViewKey): ChapterDto[] {
  const byId = new Map(rows.map((r) => [r.chapter.id, r.chapter]));
  const node = ({ chapter: r, files, links }: TreeRow): SubChapterDto => {
    const parent = r.chapterId ? (byId.get(r.chapterId) ?? null) : null;
    const preview = key === 'all' ? r.preview : chapterPolicy.isPreview(r, parent);
    const hidden = (key !== 'all' && !isChapterOpen(r, parent)) || (key === 'preview' && !preview);
    const videos = files.filter((f) => f.kind === 'video').map(jsonFileDto);
    return {
      id: r.id,
      seminar_id: r.seminarId,
      chapter_id: r.chapterId,
      label: r.label,
      content: hidden ? '' : r.content,
      description: hidden ? '' : r.description,
      position: r.position,
      unlocked: hidden ? 0 : (r.unlocked as 0 | 1),
      preview,
      available_after_days: r.availableAfterDays,
      available_at: null,
      done: false,
      chapter_videos: hidden ? [] : videos,
      // the outline's lengths: a hidden chapter's too (the length is no content)
      video_seconds: videos.reduce<number | null>(
        (sum, v) => (v.duration_seconds ? (sum ?? 0) + v.duration_seconds : sum),
        null,
      ),
      chapter_docs: hidden ? [] : files.filter((f) => f.kind === 'doc').map(jsonFileDto),
      chapter_links: hidden ? [] : links.map(jsonLinkDto),
    };
  };
  const children = new Map<number, TreeRow[]>();
  for (const r of rows) {
    if (r.chapter.chapterId !== null) {
      const list = children.get(r.chapter.chapterId) ?? [];
      list.push(r);
      children.set(r.chapter.chapterId, list);
    }
  }
  return rows
    .filter((r) => r.chapter.chapterId === null)
    .map((r) => ({ ...node(r), sub_chapters: (children.get(r.chapter.id) ?? []).map(node) }));
}

const hasDrip = (view: ChapterDto[]) =>
  view.some((c) => c.available_after_days || c.sub_chapters.some((s) => s.available_after_days));

const dripDays = (c: SubChapterDto) => ({ availableAfterDays: c.available_after_days });

/**
 * A view as a learner whose drip counts from `from` sees it at `now` (chapterOpensAt, packages/
 * shared): each drip chapter says when it opens, and one whose date has not come (or whose
 * parent's has not) is locked like a manually locked one, its content and media hidden.
 */
function withDrip(view: ChapterDto[], from: Date, now: number): ChapterDto[] {
  const apply = <T extends SubChapterDto>(c: T, parent: SubChapterDto | null): T => {
    const opensAt = chapterOpensAt(dripDays(c), parent && dripDays(parent), from);
    if (!opensAt) return c;
    const available_at = opensAt.toISOString();
    if (dripOpen(opensAt, now)) return { ...c, available_at };
    return {
      ...c,
      available_at,
      unlocked: 0,
      content: '',
      description: '',
      chapter_videos: [],
      chapter_docs: [],
      chapter_links: [],
    };
  };
  return view.map((c) => ({ ...apply(c, null), sub_chapters: c.sub_chapters.map((s) => apply(s, c)) }));
}

/**
 * The chapter tree of a seminar (one query, whatever its size; cached views are shared, so the
 * caller's done marks are set on shallow copies).
 */
export async function tree(
  ctx: ChaptersContext,
  seminarId: number,
  opts: TreeOptions,
): Promise<ChapterDto[]> {
  const [cached, done] = await Promise.all([
    ctx.trees.get(String(seminarId), async () => ({ rows: await repo.treeRows(ctx.db, seminarId, null) })),
    opts.done ??
      (opts.userId
        ? repo.doneOf(ctx.db, opts.userId, null, seminarId)
        : Promise.resolve(new Map<number, Date>())),
  ]);
  const key: ViewKey = opts.previewOnly ? 'preview' : opts.hideLocked ? 'open' : 'all';
  cached[key] ??= buildView(cached.rows, key);
  let view = cached[key];
  if (opts.dripUserId !== undefined && hasDrip(view)) {
    const from = await repo.firstGrantOf(ctx.db, opts.dripUserId, seminarId);
    if (from) view = withDrip(view, from, ctx.now());
  }
  if (done.size === 0) return view;
  return view.map((c) => ({
    ...c,
    done: done.has(c.id),
    sub_chapters: c.sub_chapters.map((s) => (done.has(s.id) ? { ...s, done: true } : s)),
  }));
}

/** one chapter as the owner's tree shows it */
export async function one(ctx: ChaptersContext, chapter: ChapterRow): Promise<ChapterDto> {
  const all = await tree(ctx, chapter.seminarId, { userId: null, hideLocked: false });
  const top = all.find((c) => c.id === chapter.id);
  if (top) return top;
  const sub = all.flatMap((c) => c.sub_chapters).find((c) => c.id === chapter.id);
  if (!sub) throw notFound();
  return { ...sub, sub_chapters: [] };
}
