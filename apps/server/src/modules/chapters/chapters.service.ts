import type {
  createChapterBodySchema,
  reorderChaptersBodySchema,
  storeLinksBodySchema,
  updateChapterBodySchema,
} from '@elearn/shared';
import type { z } from 'zod';
import type { AuthUser } from '../../plugins/session.ts';
import {
  type Actor,
  type ChaptersDeps,
  createChaptersContext,
  manageChapter,
  playChapter,
} from './chapters.context.ts';
import { dripChapters } from './chapters.drip.ts';
import { chaptersPersonalData } from './chapters.personal-data.ts';
import { chaptersRepository as repo } from './chapters.repository.ts';
import { type TreeOptions, tree } from './chapters.tree.ts';
import { addMedia, type MediaKind, type MediaMeta, type MediaSource } from './use-cases/add-media.ts';
import { createChapter, removeChapter, toggleLocked, updateChapter } from './use-cases/edit-chapter.ts';
import { deleteFile, deleteLink, fileFor, fileForLink, storeLinks } from './use-cases/manage-media.ts';
import { interactions, todos, toggleDone } from './use-cases/progress.ts';
import { reorderChapters } from './use-cases/reorder-chapters.ts';
import { forBooked, forOwner, previewOutline, sideMenu } from './use-cases/view-chapters.ts';

export type { ChaptersDeps } from './chapters.context.ts';
export type { DripChapter } from './chapters.drip.ts';
export type {
  FinishedUpload,
  IncomingFile,
  MediaKind,
  MediaMeta,
  MediaSource,
} from './use-cases/add-media.ts';

export type ChaptersService = ReturnType<typeof createChaptersService>;

/**
 * Chapters (one level of sub-chapters), their media and the students' done marks. Access goes
 * through the seminars service: owners and admins manage, booked users play unlocked chapters.
 * Each use case is a function of `use-cases/`; this builds their context once.
 */
export function createChaptersService(deps: ChaptersDeps) {
  const ctx = createChaptersContext(deps);
  return {
    tree: (seminarId: number, opts: TreeOptions) => tree(ctx, seminarId, opts),
    /** what this module keeps about a person: the data export and the account erasure (issue 19) */
    personalData: chaptersPersonalData(deps.db),
    forOwner: (actor: AuthUser, seminarId: number) => forOwner(ctx, actor, seminarId),
    forBooked: (actor: AuthUser, seminarId: number) => forBooked(ctx, actor, seminarId),
    sideMenu: (actor: AuthUser, seminarId: number) => sideMenu(ctx, actor, seminarId),
    /** the outline of a public seminar with its free previews (anyone, guests included) */
    previewOutline: (actor: Actor, seminarId: number) => previewOutline(ctx, actor, seminarId),
    /** @throws chapter.too_deep (422) */
    create: (actor: AuthUser, body: z.infer<typeof createChapterBodySchema>) =>
      createChapter(ctx, actor, body),
    update: (actor: AuthUser, body: z.infer<typeof updateChapterBodySchema>) =>
      updateChapter(ctx, actor, body),
    remove: (actor: AuthUser, id: number) => removeChapter(ctx, actor, id),
    /** @throws chapter.order_mismatch, chapter.too_deep (422) */
    reorder: (actor: AuthUser, body: z.infer<typeof reorderChaptersBodySchema>) =>
      reorderChapters(ctx, actor, body),
    toggleLocked: (actor: AuthUser, id: number) => toggleLocked(ctx, actor, id),
    /** @throws chapter.locked (403) */
    toggleDone: (actor: AuthUser, chapterId: number, done: boolean | undefined) =>
      toggleDone(ctx, actor, chapterId, done),
    interactions: (actor: AuthUser, chapterId: number) => interactions(ctx, actor, chapterId),
    /** the chapter, when the caller may play it (404 unknown, 403 forbidden / chapter.locked) */
    playable: (actor: AuthUser, chapterId: number) => playChapter(ctx, actor, chapterId),

    // media ------------------------------------------------------------------------------------

    /** checks that the caller manages the chapter (a resumable upload's creation, before any byte) */
    manageChapter: (actor: Actor, id: number) => manageChapter(ctx, actor, id),
    /** stores and records new media of a chapter: a multipart form's files or a finished tus upload */
    addMedia: (actor: Actor, chapterId: number, kind: MediaKind, source: MediaSource, meta?: MediaMeta) =>
      addMedia(ctx, actor, chapterId, kind, source, meta),
    storeLinks: (actor: AuthUser, body: z.infer<typeof storeLinksBodySchema>) => storeLinks(ctx, actor, body),
    deleteFile: (actor: AuthUser, id: number, kind: MediaKind) => deleteFile(ctx, actor, id, kind),
    deleteLink: (actor: AuthUser, id: number) => deleteLink(ctx, actor, id),
    /** a file the caller may download or stream (chapter unlocked or caller manages it) */
    fileFor: (actor: Actor, id: number, kind: MediaKind) => fileFor(ctx, actor, id, kind),
    /** a file of the link's seminar for the holder of an access link (open chapters only, drip too) */
    fileForLink: (link: { seminarId: number; userId: number }, id: number, kind: MediaKind) =>
      fileForLink(ctx, link, id, kind),
    storagePathsOfSeminar: (seminarId: number) => repo.storagePathsOfSeminar(deps.db, seminarId),
    /** the chapters that open by drip, with their seminar's title (the notifications' drip mails) */
    dripChapters: dripChapters(deps.db),
    todos: (actor: AuthUser) => todos(ctx, actor),
  };
}
