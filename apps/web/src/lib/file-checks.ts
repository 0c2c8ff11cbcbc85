/**
 * Client-side checks of chosen files (type by extension, size), before anything is sent. The
 * server checks again by content and answers 422 `media.type` / 413 `media.too_large`. The
 * messages are encoded keys of @elearn/shared, shown in the page language by the form fields.
 */
import { AVATAR_TYPES, DOC_TYPES, encodeMessage, SEMINAR_IMAGE_MAX_BYTES, VIDEO_TYPES } from '@elearn/shared';
import { extensionOf } from './download';

/** The server's defaults (`MAX_DOC_MB`, `MAX_VIDEO_MB`); `GET /api/config` may name others. */
export const DEFAULT_DOC_MAX_MB = 50;
export const DEFAULT_VIDEO_MAX_MB = 2048;

export type MediaKind = 'doc' | 'video';

const TYPES: Record<MediaKind, Record<string, string>> = { doc: DOC_TYPES, video: VIDEO_TYPES };

/** The extensions a kind accepts, for the `accept` attribute (`.pdf,.doc,…`). */
export const acceptFor = (kind: MediaKind): string =>
  Object.keys(TYPES[kind])
    .map((ext) => `.${ext}`)
    .join(',');

/** The extensions as text for messages (`pdf, doc, …`). */
export const extensionList = (kind: MediaKind): string => Object.keys(TYPES[kind]).join(', ');

/** An encoded message when `file` is not allowed (wrong extension or larger than `maxMb`). */
export function checkMediaFile(file: File, kind: MediaKind, maxMb: number): string | null {
  if (!Object.hasOwn(TYPES[kind], extensionOf(file.name))) {
    return encodeMessage('media.type', { types: extensionList(kind) });
  }
  if (file.size > maxMb * 1024 * 1024) return encodeMessage('media.too_large', { max: maxMb });
  return null;
}

/** A seminar image: JPEG, PNG, GIF or WebP, at most 5 MB. */
export function checkSeminarImage(file: File): string | null {
  if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) return encodeMessage('validation.image_type');
  if (file.size > SEMINAR_IMAGE_MAX_BYTES) {
    return encodeMessage('validation.image_size', { max: SEMINAR_IMAGE_MAX_BYTES / 1024 / 1024 });
  }
  return null;
}
