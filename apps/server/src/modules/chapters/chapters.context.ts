import { type ChapterDto, isChapterOpen } from '@elearn/shared';
import type { AppConfig } from '../../config.ts';
import type { Db, Tx } from '../../db/client.ts';
import { AppError, forbidden, notFound, unauthenticated } from '../../errors.ts';
import type { CacheBus } from '../../lib/cache-bus.ts';
import type { FileStore } from '../../lib/file-store.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';
import type { AuthUser } from '../../plugins/session.ts';
import { chapterPolicy } from '../../policies/chapter.policy.ts';
import type { SeminarAccess, SeminarsService } from '../seminars/seminars.service.ts';
import { requireDripOpenFor } from './chapters.drip-lock.ts';
import { type ChapterRow, chaptersRepository as repo, type TreeRow } from './chapters.repository.ts';

export type Actor = AuthUser | null;

/** what the chapters service is built from (app.ts) */
export interface ChaptersDeps {
  db: Db;
  config: AppConfig;
  /** where uploaded files are stored (local disk or a bucket) */
  fileStore: FileStore;
  seminars: SeminarsService;
  now?: () => number;
  /** a chapter marked done: the seminar's completion is evaluated in the mark's transaction (progress) */
  completionChanged?: (tx: Tx, userId: number, seminarId: number, at: Date) => Promise<unknown>;
  /** tells the other instances when the tree cache is dropped */
  cacheBus?: CacheBus;
}

/**
 * a seminar's tree rows and the views built from them (`all` for owners, `open` for players,
 * `preview` for the outline of the free previews)
 */
export interface CachedTree {
  rows: TreeRow[];
  all?: ChapterDto[];
  open?: ChapterDto[];
  preview?: ChapterDto[];
}

/** what every use case of the chapters module works with, built once by the service */
export interface ChaptersContext {
  db: Db;
  config: AppConfig;
  fileStore: FileStore;
  seminars: SeminarsService;
  now: () => number;
  completionChanged?: ChaptersDeps['completionChanged'];
  /** chapter trees (without done marks), see {@link createChaptersContext} */
  trees: TtlCache<CachedTree>;
  /** a local chapter or media change: drops the trees and tells the seminars module */
  changed: () => void;
}

export function createChaptersContext(deps: ChaptersDeps): ChaptersContext {
  const now = deps.now ?? Date.now;
  // chapter trees (without done marks) for two seconds, with the two views built from them (all,
  // or locked content hidden); every local chapter or media change drops them
  const trees = new TtlCache<CachedTree>(
    2000,
    200,
    now,
    deps.cacheBus && { bus: deps.cacheBus, topic: 'chapters.trees' },
  );
  return {
    db: deps.db,
    config: deps.config,
    fileStore: deps.fileStore,
    seminars: deps.seminars,
    now,
    completionChanged: deps.completionChanged,
    trees,
    changed: () => {
      trees.clear();
      deps.seminars.contentChanged();
    },
  };
}

/** A chapter with the caller's access to its seminar; 404 when either is hidden from the caller. */
export async function chapterAccess(
  ctx: ChaptersContext,
  actor: Actor,
  id: number,
): Promise<{ chapter: ChapterRow; access: SeminarAccess }> {
  if (!actor) throw unauthenticated();
  const chapter = await repo.findById(ctx.db, id);
  if (!chapter) throw notFound();
  return { chapter, access: await ctx.seminars.access(actor, chapter.seminarId) };
}

/** A chapter the caller manages (owner or admin). */
export async function manageChapter(
  ctx: ChaptersContext,
  actor: Actor,
  id: number,
): Promise<{ chapter: ChapterRow; access: SeminarAccess }> {
  const found = await chapterAccess(ctx, actor, id);
  if (!found.access.manage) throw forbidden();
  return found;
}

/**
 * 403 `chapter.locked` unless the chapter is open to players ({@link isChapterOpen}); the parent
 * chapter (null for a top-level one) for the drip check.
 */
export async function requireOpen(ctx: ChaptersContext, chapter: ChapterRow): Promise<ChapterRow | null> {
  const parent = chapter.chapterId ? ((await repo.findById(ctx.db, chapter.chapterId)) ?? null) : null;
  if (!isChapterOpen(chapter, parent)) throw new AppError(403, 'chapter.locked', 'chapter.locked');
  return parent;
}

/**
 * A chapter the caller may play ({@link chapterPolicy.play}): owners always, booked users and
 * anyone on a free preview of a public seminar while it (and its parent) is unlocked. A guest is
 * refused with 401 whatever the reason, as before previews existed (no hint that a chapter exists).
 */
export async function playChapter(
  ctx: ChaptersContext,
  actor: Actor,
  id: number,
): Promise<{ chapter: ChapterRow; access: SeminarAccess }> {
  try {
    const chapter = await repo.findById(ctx.db, id);
    if (!chapter) throw notFound();
    const access = await ctx.seminars.access(actor, chapter.seminarId);
    const parent = chapter.chapterId ? ((await repo.findById(ctx.db, chapter.chapterId)) ?? null) : null;
    const { seminar, booked } = access;
    if (!chapterPolicy.reach(actor, seminar, booked, chapter, parent)) throw forbidden();
    if (!chapterPolicy.play(actor, seminar, booked, chapter, parent)) {
      throw new AppError(403, 'chapter.locked', 'chapter.locked');
    }
    // drip (issue 36): a learner's chapter opens N days after their first grant; owners play all
    if (actor && booked && !access.manage)
      await requireDripOpenFor(ctx.db, actor.id, chapter, parent, ctx.now());
    return { chapter, access };
  } catch (e) {
    throw !actor && e instanceof AppError ? unauthenticated() : e;
  }
}
