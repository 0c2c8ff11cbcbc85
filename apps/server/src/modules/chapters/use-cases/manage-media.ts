import type { storeLinksBodySchema } from '@elearn/shared';
import type { z } from 'zod';
import { notFound, unauthenticated } from '../../../errors.ts';
import { cleanFileName, removeStored } from '../../../lib/storage.ts';
import type { AuthUser } from '../../../plugins/session.ts';
import {
  type Actor,
  type ChaptersContext,
  manageChapter,
  playChapter,
  requireOpen,
} from '../chapters.context.ts';
import { requireDripOpenFor } from '../chapters.drip-lock.ts';
import { linkDto } from '../chapters.dto.ts';
import { chaptersRepository as repo } from '../chapters.repository.ts';
import type { MediaKind } from './add-media.ts';

export async function storeLinks(
  ctx: ChaptersContext,
  actor: AuthUser,
  body: z.infer<typeof storeLinksBodySchema>,
) {
  const { chapter } = await manageChapter(ctx, actor, body.chapter_id);
  const rows = await repo.insertLinks(
    ctx.db,
    body.links.map((l) => ({ chapterId: chapter.id, label: l.label, url: l.url })),
  );
  ctx.changed();
  return { chapter_id: chapter.id, links: rows.map(linkDto) };
}

export async function deleteFile(ctx: ChaptersContext, actor: AuthUser, id: number, kind: MediaKind) {
  const file = await repo.findFile(ctx.db, id);
  if (!file || file.kind !== kind) throw notFound();
  await manageChapter(ctx, actor, file.chapterId);
  await repo.deleteFile(ctx.db, id);
  ctx.changed();
  await removeStored(ctx.fileStore, file.storagePath);
}

export async function deleteLink(ctx: ChaptersContext, actor: AuthUser, id: number) {
  const link = await repo.findLink(ctx.db, id);
  if (!link) throw notFound();
  await manageChapter(ctx, actor, link.chapterId);
  await repo.deleteLink(ctx.db, id);
  ctx.changed();
}

/** a file the caller may download or stream (chapter unlocked or caller manages it) */
export async function fileFor(ctx: ChaptersContext, actor: Actor, id: number, kind: MediaKind) {
  const file = await repo.findFile(ctx.db, id);
  if (!file || file.kind !== kind) throw actor ? notFound() : unauthenticated();
  await playChapter(ctx, actor, file.chapterId);
  return { relPath: file.storagePath, mime: file.mime, name: cleanFileName(file.originalName) };
}

/**
 * a file of the link's seminar for the holder of an access link to it (open chapters only: unlocked,
 * and opened by drip for the link's employee, issue 36)
 */
export async function fileForLink(
  ctx: ChaptersContext,
  link: { seminarId: number; userId: number },
  id: number,
  kind: MediaKind,
) {
  const file = await repo.findFile(ctx.db, id);
  if (!file || file.kind !== kind) throw notFound();
  const chapter = await repo.findById(ctx.db, file.chapterId);
  if (!chapter || chapter.seminarId !== link.seminarId) throw notFound();
  const parent = await requireOpen(ctx, chapter);
  await requireDripOpenFor(ctx.db, link.userId, chapter, parent, ctx.now());
  return { relPath: file.storagePath, mime: file.mime, name: cleanFileName(file.originalName) };
}
