import type { Readable } from 'node:stream';
import { notFound } from '../../../errors.ts';
import { storeUpload } from '../../../lib/storage.ts';
import { type Actor, IMAGE_TYPES, SEMINAR_IMAGE_MAX_MB, type SeminarsContext } from '../seminars.context.ts';
import { accessSeminar } from './access-seminar.ts';

/** stores an uploaded seminar image (JPEG, PNG, GIF or WebP, checked by its content) */
export async function storeSeminarImage(
  ctx: SeminarsContext,
  stream: Readable & { truncated?: boolean },
  fileName: string,
) {
  return storeUpload({
    files: ctx.fileStore,
    subdir: 'seminars',
    stream,
    fileName,
    field: 'image',
    maxMb: SEMINAR_IMAGE_MAX_MB,
    allowedText: 'JPEG, PNG, GIF, WebP',
    check: (sniffed) => (sniffed && IMAGE_TYPES[sniffed.ext] ? sniffed.ext : null),
  });
}

/** where a seminar's image is stored, for a caller who may see the seminar */
export async function seminarImageOf(ctx: SeminarsContext, actor: Actor, id: number) {
  const { seminar } = await accessSeminar(ctx, actor, id);
  if (!seminar.imagePath) throw notFound();
  const ext = seminar.imagePath.split('.').pop() ?? '';
  return {
    relPath: seminar.imagePath,
    mime: IMAGE_TYPES[ext] ?? 'application/octet-stream',
    name: `seminar-${id}.${ext}`,
  };
}
