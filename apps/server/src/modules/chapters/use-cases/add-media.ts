import type { Readable } from 'node:stream';
import { DOC_TYPES, encodeMessage, VIDEO_TYPES } from '@elearn/shared';
import { validation } from '../../../errors.ts';
import { removeStored, type StoredFile, storeUpload } from '../../../lib/storage.ts';
import { readVideoSeconds } from '../../../lib/video-duration.ts';
import { type Actor, type ChaptersContext, manageChapter } from '../chapters.context.ts';
import { type FileDto, fileDto, fileRow } from '../chapters.dto.ts';
import { chaptersRepository as repo } from '../chapters.repository.ts';

export type MediaKind = 'doc' | 'video';

/** a file of a multipart form: its stream is read as it is stored */
export interface IncomingFile {
  stream: Readable & { truncated?: boolean };
  /** the cleaned file name */
  name: string;
}

/** a resumable (tus) upload whose bytes are all there */
export interface FinishedUpload {
  /** the stored key's name (the upload's id): finishing again writes the same key */
  key: string;
  /** the cleaned file name */
  name: string;
  /** its bytes; `adoptFrom`: this local file is renamed into place instead of copied */
  open(): Promise<{ stream: Readable; adoptFrom?: string; release(): Promise<void> }>;
}

/** where the bytes of new media come from: a multipart form's files or a finished tus upload */
export type MediaSource = { files: AsyncIterable<IncomingFile> } | { upload: FinishedUpload };

/**
 * what the uploader said about the media; read after the bytes (a multipart form's `label` may
 * follow its file: the route hands over its fields as they fill up)
 */
export interface MediaMeta {
  label?: string;
}

/**
 * One media step (issue 33 item 3): checks that the caller manages the chapter before any byte
 * of a file is stored, stores the files (checked by their content) and records them. A form's
 * files are all removed again when one fails or their rows cannot be written; a finished upload
 * is recorded once (see {@link recordUploadOnce}). Answers the recorded media.
 * @throws media.type, media.missing (422), media.too_large (413), storage_full (507)
 */
export async function addMedia(
  ctx: ChaptersContext,
  actor: Actor,
  chapterId: number,
  kind: MediaKind,
  source: MediaSource,
  meta: MediaMeta = {},
): Promise<FileDto[]> {
  // for a resumable upload: the chapter may have been deleted, or handed on, while the upload ran
  await manageChapter(ctx, actor, chapterId);
  if ('upload' in source) return [await addFinishedUpload(ctx, chapterId, kind, source.upload, meta)];
  const stored: { stored: StoredFile; name: string; durationSeconds: number | null }[] = [];
  try {
    for await (const f of source.files) {
      const file = await storeFile(ctx, kind, f.stream, f.name);
      stored.push({ stored: file, name: f.name, durationSeconds: null });
    }
    for (const s of stored) s.durationSeconds = await lengthOf(ctx, kind, s.stored);
  } catch (err) {
    for (const s of stored) await removeStored(ctx.fileStore, s.stored.relPath);
    throw err;
  }
  if (stored.length === 0) {
    const field = kind === 'doc' ? 'docs' : 'video';
    throw validation({ [field]: [encodeMessage('media.missing')] }, 'media.missing', 'media.missing');
  }
  const label = meta.label?.slice(0, 200);
  return recordFiles(
    ctx,
    chapterId,
    kind,
    stored.map((s) => ({ ...s, label })),
  );
}

/**
 * checks the finished file by its content, streams it into the file store under a key named
 * after the upload and records it once (finishing again writes the same key, finds the row)
 */
async function addFinishedUpload(
  ctx: ChaptersContext,
  chapterId: number,
  kind: MediaKind,
  upload: FinishedUpload,
  meta: MediaMeta,
): Promise<FileDto> {
  const { stream, adoptFrom, release } = await upload.open();
  try {
    const stored = await storeFile(ctx, kind, stream, upload.name, adoptFrom, upload.key);
    return await recordUploadOnce(ctx, chapterId, kind, {
      stored,
      name: upload.name,
      label: meta.label?.slice(0, 200),
      durationSeconds: await lengthOf(ctx, kind, stored),
    });
  } finally {
    await release();
  }
}

/** a stored video's length in seconds, read back from the file store (null: unknown, or a doc) */
const lengthOf = (ctx: ChaptersContext, kind: MediaKind, s: StoredFile) =>
  kind === 'video' ? readVideoSeconds(ctx.fileStore, s.relPath, VIDEO_TYPES[s.ext]) : Promise.resolve(null);

const OFFICE_ZIP = new Set(['docx', 'xlsx', 'pptx', 'zip']);
const OFFICE_CFB = new Set(['doc', 'xls', 'ppt']);

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

/**
 * stores a document or a video checked by its content; `adoptFrom`: the stream is this local
 * file, renamed into place instead of copied (tus); `name`: the key's name (a resumable upload's
 * id) instead of a random one
 */
function storeFile(
  ctx: ChaptersContext,
  kind: MediaKind,
  stream: Readable & { truncated?: boolean },
  fileName: string,
  adoptFrom?: string,
  name?: string,
): Promise<StoredFile> {
  const common = { adoptFrom, name, files: ctx.fileStore, stream, fileName };
  return kind === 'doc'
    ? storeUpload({
        ...common,
        subdir: 'docs',
        field: 'docs',
        maxMb: ctx.config.maxDocMb,
        allowedText: Object.keys(DOC_TYPES).join(', '),
        check: docCheck,
      })
    : storeUpload({
        ...common,
        subdir: 'videos',
        field: 'video',
        maxMb: ctx.config.maxVideoMb,
        allowedText: 'mp4, webm, ogg',
        check: videoCheck,
      });
}

type RecordedFile = { stored: StoredFile; name: string; label?: string; durationSeconds: number | null };

/**
 * records a finished resumable upload, once: finishing it again (after a crash between the
 * row and the upload's removal) stores the same key and finds the row written the first time.
 * A failure leaves the stored file to the orphan sweep (a row may name it).
 */
async function recordUploadOnce(
  ctx: ChaptersContext,
  chapterId: number,
  kind: MediaKind,
  f: RecordedFile,
): Promise<FileDto> {
  const row = await ctx.db.transaction(async (tx) => {
    await repo.lockStoragePath(tx, f.stored.relPath);
    const existing = await repo.findFileByStoragePath(tx, f.stored.relPath);
    if (existing) return existing;
    return repo.insertFile(tx, fileRow(chapterId, kind, f));
  });
  ctx.changed();
  return fileDto(row);
}

/** records stored files; removes them again when the insert fails */
async function recordFiles(
  ctx: ChaptersContext,
  chapterId: number,
  kind: MediaKind,
  files: RecordedFile[],
): Promise<FileDto[]> {
  try {
    const rows = [];
    for (const f of files) {
      rows.push(await repo.insertFile(ctx.db, fileRow(chapterId, kind, f)));
    }
    ctx.changed();
    return rows.map(fileDto);
  } catch (err) {
    for (const f of files) await removeStored(ctx.fileStore, f.stored.relPath);
    throw err;
  }
}
