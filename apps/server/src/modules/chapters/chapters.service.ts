import type { Readable } from 'node:stream';
import {
  type ChapterDto,
  type createChapterBodySchema,
  DOC_TYPES,
  encodeMessage,
  isChapterOpen,
  type reorderChaptersBodySchema,
  type SubChapterDto,
  type storeLinksBodySchema,
  type updateChapterBodySchema,
  VIDEO_TYPES,
} from '@elearn/shared';
import type { z } from 'zod';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { AppError, forbidden, notFound, unauthenticated, validation } from '../../errors.ts';
import type { CacheBus } from '../../lib/cache-bus.ts';
import type { FileStore } from '../../lib/file-store.ts';
import { sanitizeRichText } from '../../lib/sanitize.ts';
import { cleanFileName, removeStored, type StoredFile, storeUpload } from '../../lib/storage.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';
import type { AuthUser } from '../../plugins/session.ts';
import type { SeminarAccess, SeminarsService } from '../seminars/seminars.service.ts';
import { chaptersPersonalData } from './chapters.personal-data.ts';
import {
  type ChapterRow,
  type FileJson,
  type FileRow,
  type LinkJson,
  type LinkRow,
  chaptersRepository as repo,
  type TreeRow,
} from './chapters.repository.ts';

type Actor = AuthUser | null;
/** a seminar's tree rows and the views built from them (`all` for owners, `open` for players) */
interface CachedTree {
  rows: TreeRow[];
  all?: ChapterDto[];
  open?: ChapterDto[];
}
const iso = (d: Date) => d.toISOString();
const OFFICE_ZIP = new Set(['docx', 'xlsx', 'pptx', 'zip']);
const OFFICE_CFB = new Set(['doc', 'xls', 'ppt']);

export type ChaptersService = ReturnType<typeof createChaptersService>;

/** the media row of a stored upload (multipart and tus alike); a missing title takes the file name */
const fileRow = (
  chapterId: number,
  kind: 'doc' | 'video',
  f: { stored: StoredFile; name: string; label?: string },
) => ({
  chapterId,
  kind,
  label: (f.label?.trim() || f.name).slice(0, 200),
  originalName: f.name,
  storagePath: f.stored.relPath,
  mime: (kind === 'doc' ? DOC_TYPES[f.stored.ext] : VIDEO_TYPES[f.stored.ext]) ?? 'application/octet-stream',
  size: f.stored.size,
  sha256: f.stored.sha256,
});

/**
 * Chapters (one level of sub-chapters), their media and the students' done marks. Access goes
 * through the seminars service: owners and admins manage, booked users play unlocked chapters.
 */
export function createChaptersService(deps: {
  db: Db;
  config: AppConfig;
  /** where uploaded files are stored (local disk or a bucket) */
  fileStore: FileStore;
  seminars: SeminarsService;
  now?: () => number;
  /** tells the other instances when the tree cache is dropped */
  cacheBus?: CacheBus;
}) {
  const { db, config, fileStore, seminars } = deps;
  const now = deps.now ?? Date.now;

  const fileDto = (f: FileRow) => ({
    id: f.id,
    chapter_id: f.chapterId,
    label: f.label,
    original_name: f.originalName,
    mime: f.mime,
    size: f.size,
    url: f.kind === 'video' ? `/api/chapters/video/${f.id}/stream` : `/api/chapters/doc/${f.id}/download`,
    created_at: iso(f.createdAt),
  });
  const linkDto = (l: LinkRow) => ({
    id: l.id,
    chapter_id: l.chapterId,
    label: l.label,
    url: l.url,
    created_at: iso(l.createdAt),
  });

  const isoOf = (v: string | Date) => (typeof v === 'string' ? new Date(v) : v).toISOString();
  const jsonFileDto = (f: FileJson) => ({
    id: f.id,
    chapter_id: f.chapterId,
    label: f.label,
    original_name: f.originalName,
    mime: f.mime,
    size: Number(f.size),
    url: f.kind === 'video' ? `/api/chapters/video/${f.id}/stream` : `/api/chapters/doc/${f.id}/download`,
    created_at: isoOf(f.createdAt),
  });
  const jsonLinkDto = (l: LinkJson) => ({
    id: l.id,
    chapter_id: l.chapterId,
    label: l.label,
    url: l.url,
    created_at: isoOf(l.createdAt),
  });

  // chapter trees (without done marks) for two seconds, with the two views built from them (all,
  // or locked content hidden); every local chapter or media change drops them
  const trees = new TtlCache<CachedTree>(
    2000,
    200,
    now,
    deps.cacheBus && { bus: deps.cacheBus, topic: 'chapters.trees' },
  );
  const changed = () => {
    trees.clear();
    seminars.contentChanged();
  };

  function buildView(rows: TreeRow[], hideLocked: boolean): ChapterDto[] {
    const byId = new Map(rows.map((r) => [r.chapter.id, r.chapter]));
    const node = ({ chapter: r, files, links }: TreeRow): SubChapterDto => {
      const parent = r.chapterId ? byId.get(r.chapterId) : undefined;
      const hidden = hideLocked && !isChapterOpen(r, parent);
      return {
        id: r.id,
        seminar_id: r.seminarId,
        chapter_id: r.chapterId,
        label: r.label,
        content: hidden ? '' : r.content,
        description: hidden ? '' : r.description,
        position: r.position,
        unlocked: hidden ? 0 : (r.unlocked as 0 | 1),
        done: false,
        chapter_videos: hidden ? [] : files.filter((f) => f.kind === 'video').map(jsonFileDto),
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

  /**
   * The chapter tree of a seminar (one query, whatever its size; cached views are shared, so the
   * caller's done marks are set on shallow copies).
   */
  async function tree(
    seminarId: number,
    opts: { userId: number | null; hideLocked: boolean; done?: ReadonlySet<number> },
  ): Promise<ChapterDto[]> {
    const [cached, done] = await Promise.all([
      trees.get(String(seminarId), async () => ({ rows: await repo.treeRows(db, seminarId, null) })),
      opts.done ??
        (opts.userId
          ? repo.doneOf(db, opts.userId, null, seminarId)
          : Promise.resolve(new Map<number, Date>())),
    ]);
    const key = opts.hideLocked ? 'open' : 'all';
    cached[key] ??= buildView(cached.rows, opts.hideLocked);
    const view = cached[key];
    if (done.size === 0) return view;
    return view.map((c) => ({
      ...c,
      done: done.has(c.id),
      sub_chapters: c.sub_chapters.map((s) => (done.has(s.id) ? { ...s, done: true } : s)),
    }));
  }

  /** A chapter with the caller's access to its seminar; 404 when either is hidden from the caller. */
  async function chapterAccess(
    actor: Actor,
    id: number,
  ): Promise<{ chapter: ChapterRow; access: SeminarAccess }> {
    if (!actor) throw unauthenticated();
    const chapter = await repo.findById(db, id);
    if (!chapter) throw notFound();
    return { chapter, access: await seminars.access(actor, chapter.seminarId) };
  }

  /** A chapter the caller manages (owner or admin). */
  async function manageChapter(
    actor: Actor,
    id: number,
  ): Promise<{ chapter: ChapterRow; access: SeminarAccess }> {
    const found = await chapterAccess(actor, id);
    if (!found.access.manage) throw forbidden();
    return found;
  }

  /** 403 `chapter.locked` unless the chapter is open to players ({@link isChapterOpen}). */
  async function requireOpen(chapter: ChapterRow): Promise<void> {
    const parent = chapter.chapterId ? await repo.findById(db, chapter.chapterId) : null;
    if (!isChapterOpen(chapter, parent)) throw new AppError(403, 'chapter.locked', 'chapter.locked');
  }

  /** A chapter the caller may play: owners always, booked users when it (and its parent) is unlocked. */
  async function playChapter(
    actor: Actor,
    id: number,
  ): Promise<{ chapter: ChapterRow; access: SeminarAccess }> {
    const { chapter, access } = await chapterAccess(actor, id);
    if (!access.play) throw forbidden();
    if (!access.manage) {
      await requireOpen(chapter);
    }
    return { chapter, access };
  }

  async function one(chapter: ChapterRow): Promise<ChapterDto> {
    const all = await tree(chapter.seminarId, { userId: null, hideLocked: false });
    const top = all.find((c) => c.id === chapter.id);
    if (top) return top;
    const sub = all.flatMap((c) => c.sub_chapters).find((c) => c.id === chapter.id);
    if (!sub) throw notFound();
    return { ...sub, sub_chapters: [] };
  }

  const docCheck = (sniffed: { ext: string } | undefined, declared: string) => {
    if (!DOC_TYPES[declared] || !sniffed) return null;
    if (declared === 'pdf') return sniffed.ext === 'pdf' ? 'pdf' : null;
    if (OFFICE_ZIP.has(declared))
      return ['zip', 'docx', 'xlsx', 'pptx'].includes(sniffed.ext) ? declared : null;
    if (OFFICE_CFB.has(declared)) return sniffed.ext === 'cfb' || sniffed.ext === declared ? declared : null;
    return null;
  };
  const videoCheck = (sniffed: { ext: string; mime: string } | undefined) => {
    if (!sniffed) return null;
    if (sniffed.mime === 'video/mp4' || sniffed.ext === 'mp4' || sniffed.ext === 'm4v') return 'mp4';
    if (sniffed.ext === 'webm') return 'webm';
    if (sniffed.ext === 'ogv' || sniffed.ext === 'ogg' || sniffed.ext === 'ogx') return 'ogg';
    return null;
  };

  return {
    tree,
    /** what this module keeps about a person: the data export and the account erasure (issue 19) */
    personalData: chaptersPersonalData(db),

    async forOwner(actor: AuthUser, seminarId: number): Promise<ChapterDto[]> {
      const access = await seminars.access(actor, seminarId);
      if (!access.manage) throw forbidden();
      return tree(seminarId, { userId: null, hideLocked: false });
    },

    async forBooked(actor: AuthUser, seminarId: number): Promise<ChapterDto[]> {
      const access = await seminars.accessForPlay(actor, seminarId);
      if (!access.play) throw forbidden();
      return tree(seminarId, { userId: null, hideLocked: !access.manage, done: access.doneIds });
    },

    async sideMenu(actor: AuthUser, seminarId: number) {
      const access = await seminars.access(actor, seminarId);
      if (!access.play) throw forbidden();
      const rows = await repo.listBySeminar(db, seminarId);
      // players see the lock as the player applies it (a sub-chapter of a locked chapter is
      // locked); owners see each chapter's own flag, as in their tree and toggles
      const entry = (r: ChapterRow, parent: ChapterRow | null) => ({
        id: r.id,
        label: r.label,
        chapter_id: r.chapterId,
        position: r.position,
        unlocked: (access.manage ? r.unlocked : isChapterOpen(r, parent) ? 1 : 0) as 0 | 1,
      });
      return rows
        .filter((r) => r.chapterId === null)
        .map((r) => ({
          ...entry(r, null),
          sub_chapters: rows.filter((s) => s.chapterId === r.id).map((s) => entry(s, r)),
        }));
    },

    /** @throws chapter.too_deep (422) */
    async create(actor: AuthUser, body: z.infer<typeof createChapterBodySchema>): Promise<ChapterDto> {
      const access = await seminars.access(actor, body.seminar_id);
      if (!access.manage) throw forbidden();
      const parentId = body.chapter_id ?? null;
      if (parentId !== null) {
        const parent = await repo.findById(db, parentId);
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
      const position = await repo.nextPosition(db, body.seminar_id, parentId);
      const row = await repo.insert(db, {
        seminarId: body.seminar_id,
        chapterId: parentId,
        label: body.label,
        content: sanitizeRichText(body.content),
        description: sanitizeRichText(body.description),
        position,
      });
      changed();
      return one(row);
    },

    async update(actor: AuthUser, body: z.infer<typeof updateChapterBodySchema>): Promise<ChapterDto> {
      const { chapter } = await manageChapter(actor, body.id);
      const row = await repo.update(db, chapter.id, {
        label: body.label,
        content: sanitizeRichText(body.content),
        description: sanitizeRichText(body.description),
      });
      changed();
      return one(row!);
    },

    async remove(actor: AuthUser, id: number) {
      const { chapter } = await manageChapter(actor, id);
      const files = await repo.storagePathsOfChapter(db, chapter.id);
      await repo.delete(db, chapter.id);
      changed();
      for (const f of files) await removeStored(fileStore, f);
    },

    /** @throws chapter.order_mismatch, chapter.too_deep (422) */
    async reorder(actor: AuthUser, body: z.infer<typeof reorderChaptersBodySchema>): Promise<ChapterDto[]> {
      const access = await seminars.access(actor, body.seminar_id);
      if (!access.manage) throw forbidden();
      const rows = await repo.listBySeminar(db, body.seminar_id);
      const ids = new Set(rows.map((r) => r.id));
      const given = new Set(body.order.map((o) => o.id));
      const mismatch = () =>
        validation(
          { order: [encodeMessage('chapter.order_mismatch')] },
          'chapter.order_mismatch',
          'chapter.order_mismatch',
        );
      if (
        given.size !== body.order.length ||
        given.size !== ids.size ||
        [...given].some((id) => !ids.has(id))
      )
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
      await db.transaction(async (tx) => {
        for (const o of body.order)
          await repo.update(tx, o.id, { chapterId: o.chapter_id, position: o.position });
      });
      changed();
      return tree(body.seminar_id, { userId: null, hideLocked: false });
    },

    async toggleLocked(actor: AuthUser, id: number): Promise<ChapterDto> {
      const { chapter } = await manageChapter(actor, id);
      const row = await repo.update(db, chapter.id, { unlocked: chapter.unlocked === 1 ? 0 : 1 });
      changed();
      return one(row!);
    },

    /** @throws chapter.locked (403) */
    async toggleDone(actor: AuthUser, chapterId: number, done: boolean | undefined) {
      const { chapter } = await playChapter(actor, chapterId);
      const current = (await repo.doneOf(db, actor.id, [chapter.id])).has(chapter.id);
      const target = done ?? !current;
      const at = await repo.setDone(db, chapter.id, actor.id, target, new Date(now()));
      return { chapter_id: chapter.id, done: target, done_at: at ? iso(at) : null };
    },

    async interactions(actor: AuthUser, chapterId: number) {
      const { chapter } = await manageChapter(actor, chapterId);
      const rows = await repo.interactions(db, chapter.id);
      return rows.map((r) => ({
        user_id: r.userId,
        first_name: r.firstName,
        last_name: r.lastName,
        email: r.email,
        done_at: iso(r.doneAt),
      }));
    },

    // media ------------------------------------------------------------------------------------

    /** checks that the caller manages the chapter before any byte of a file is stored */
    manageChapter,

    /** `adoptFrom`: the stream is this local file, renamed into place instead of copied (tus) */
    async storeDoc(
      stream: Readable & { truncated?: boolean },
      fileName: string,
      adoptFrom?: string,
      /** the key's name (a resumable upload's id) instead of a random one */
      name?: string,
    ): Promise<StoredFile> {
      return storeUpload({
        adoptFrom,
        name,
        files: fileStore,
        subdir: 'docs',
        stream,
        fileName,
        field: 'docs',
        maxMb: config.maxDocMb,
        allowedText: Object.keys(DOC_TYPES).join(', '),
        check: docCheck,
      });
    },

    /** `adoptFrom`: the stream is this local file, renamed into place instead of copied (tus) */
    async storeVideo(
      stream: Readable & { truncated?: boolean },
      fileName: string,
      adoptFrom?: string,
      /** the key's name (a resumable upload's id) instead of a random one */
      name?: string,
    ): Promise<StoredFile> {
      return storeUpload({
        adoptFrom,
        name,
        files: fileStore,
        subdir: 'videos',
        stream,
        fileName,
        field: 'video',
        maxMb: config.maxVideoMb,
        allowedText: 'mp4, webm, ogg',
        check: videoCheck,
      });
    },

    /**
     * records a finished resumable upload, once: finishing it again (after a crash between the
     * row and the upload's removal) stores the same key and finds the row written the first time.
     * A failure leaves the stored file to the orphan sweep (a row may name it).
     */
    async recordUploadOnce(
      chapterId: number,
      kind: 'doc' | 'video',
      f: { stored: StoredFile; name: string; label?: string },
    ) {
      const row = await db.transaction(async (tx) => {
        await repo.lockStoragePath(tx, f.stored.relPath);
        const existing = await repo.findFileByStoragePath(tx, f.stored.relPath);
        if (existing) return existing;
        return repo.insertFile(tx, fileRow(chapterId, kind, f));
      });
      changed();
      return fileDto(row);
    },

    /** records stored files; removes them again when the insert fails */
    async recordFiles(
      chapterId: number,
      kind: 'doc' | 'video',
      files: { stored: StoredFile; name: string; label?: string }[],
    ) {
      try {
        const rows = [];
        for (const f of files) {
          rows.push(await repo.insertFile(db, fileRow(chapterId, kind, f)));
        }
        changed();
        return rows.map(fileDto);
      } catch (err) {
        for (const f of files) await removeStored(fileStore, f.stored.relPath);
        throw err;
      }
    },

    async storeLinks(actor: AuthUser, body: z.infer<typeof storeLinksBodySchema>) {
      const { chapter } = await manageChapter(actor, body.chapter_id);
      const rows = await repo.insertLinks(
        db,
        body.links.map((l) => ({ chapterId: chapter.id, label: l.label, url: l.url })),
      );
      changed();
      return { chapter_id: chapter.id, links: rows.map(linkDto) };
    },

    async deleteFile(actor: AuthUser, id: number, kind: 'doc' | 'video') {
      const file = await repo.findFile(db, id);
      if (!file || file.kind !== kind) throw notFound();
      await manageChapter(actor, file.chapterId);
      await repo.deleteFile(db, id);
      changed();
      await removeStored(fileStore, file.storagePath);
    },

    async deleteLink(actor: AuthUser, id: number) {
      const link = await repo.findLink(db, id);
      if (!link) throw notFound();
      await manageChapter(actor, link.chapterId);
      await repo.deleteLink(db, id);
      changed();
    },

    /** a file the caller may download or stream (chapter unlocked or caller manages it) */
    async fileFor(actor: Actor, id: number, kind: 'doc' | 'video') {
      const file = await repo.findFile(db, id);
      if (!file || file.kind !== kind) throw notFound();
      await playChapter(actor, file.chapterId);
      return { relPath: file.storagePath, mime: file.mime, name: cleanFileName(file.originalName) };
    },

    /** a file of `seminarId` for the holder of an access link to it (unlocked chapters only) */
    async fileForLink(seminarId: number, id: number, kind: 'doc' | 'video') {
      const file = await repo.findFile(db, id);
      if (!file || file.kind !== kind) throw notFound();
      const chapter = await repo.findById(db, file.chapterId);
      if (!chapter || chapter.seminarId !== seminarId) throw notFound();
      await requireOpen(chapter);
      return { relPath: file.storagePath, mime: file.mime, name: cleanFileName(file.originalName) };
    },

    storagePathsOfSeminar: (seminarId: number) => repo.storagePathsOfSeminar(db, seminarId),

    async todos(actor: AuthUser) {
      const rows = await repo.todoRows(db, actor.id);
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
    },
  };
}
