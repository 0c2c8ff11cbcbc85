import { DOC_TYPES, VIDEO_TYPES } from '@elearn/shared';
import type { StoredFile } from '../../lib/storage.ts';
import type { FileJson, FileRow, LinkJson, LinkRow } from './chapters.repository.ts';

/** The answers' shapes of chapters' media, from rows and from the tree query's JSON. */

export const iso = (d: Date) => d.toISOString();
const isoOf = (v: string | Date) => (typeof v === 'string' ? new Date(v) : v).toISOString();

const mediaUrl = (f: { id: number; kind: string }) =>
  f.kind === 'video' ? `/api/chapters/video/${f.id}/stream` : `/api/chapters/doc/${f.id}/download`;

/**
 * a video's length in seconds (issue 34); null: unknown and for documents. Stored: null = never
 * read (documents, videos before issue 34), 0 = could not be read, else the seconds.
 */
const lengthDto = (seconds: number | null) => (seconds ? seconds : null);

export const fileDto = (f: FileRow) => ({
  id: f.id,
  chapter_id: f.chapterId,
  label: f.label,
  original_name: f.originalName,
  mime: f.mime,
  size: f.size,
  duration_seconds: lengthDto(f.durationSeconds),
  url: mediaUrl(f),
  created_at: iso(f.createdAt),
});
export type FileDto = ReturnType<typeof fileDto>;

export const linkDto = (l: LinkRow) => ({
  id: l.id,
  chapter_id: l.chapterId,
  label: l.label,
  url: l.url,
  created_at: iso(l.createdAt),
});

export const jsonFileDto = (f: FileJson) => ({
  id: f.id,
  chapter_id: f.chapterId,
  label: f.label,
  original_name: f.originalName,
  mime: f.mime,
  size: Number(f.size),
  duration_seconds: lengthDto(f.durationSeconds),
  url: mediaUrl(f),
  created_at: isoOf(f.createdAt),
});
export const jsonLinkDto = (l: LinkJson) => ({
  id: l.id,
  chapter_id: l.chapterId,
  label: l.label,
  url: l.url,
  created_at: isoOf(l.createdAt),
});

/** the media row of a stored upload (multipart and tus alike); a missing title takes the file name */
export const fileRow = (
  chapterId: number,
  kind: 'doc' | 'video',
  f: { stored: StoredFile; name: string; label?: string; durationSeconds?: number | null },
) => ({
  chapterId,
  kind,
  label: (f.label?.trim() || f.name).slice(0, 200),
  originalName: f.name,
  storagePath: f.stored.relPath,
  mime: (kind === 'doc' ? DOC_TYPES[f.stored.ext] : VIDEO_TYPES[f.stored.ext]) ?? 'application/octet-stream',
  size: f.stored.size,
  sha256: f.stored.sha256,
  // a video whose length could not be read: 0, tried (the back-fill skips it), shown as null
  durationSeconds: kind === 'video' ? (f.durationSeconds ?? 0) : null,
});
