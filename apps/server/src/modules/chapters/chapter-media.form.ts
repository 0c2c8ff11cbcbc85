import { encodeMessage, rules } from '@elearn/shared';
import type { Multipart, MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError, validation } from '../../errors.ts';
import { rejectNul } from '../../lib/no-nul.ts';
import { cleanFileName } from '../../lib/storage.ts';
import type { IncomingFile } from './use-cases/add-media.ts';

/** a media upload form as the route reads it: the chapter, the files (read as they are stored), the text fields */
export interface MediaForm {
  chapterId: number;
  files: AsyncIterable<IncomingFile>;
  /** the text fields; those after a file fill in while the files are read */
  fields: Record<string, string>;
}

/**
 * A media form: multipart with `chapter_id` first, then files of `field`. Reads the parts up to
 * the first file of `field`; that file and those after it are read when the use case stores them
 * (its ownership check comes before any byte is stored).
 */
export async function readMediaForm(
  req: FastifyRequest,
  field: string,
  limits: { fileSize: number; files: number },
): Promise<MediaForm> {
  if (!req.isMultipart()) throw new AppError(415, 'unsupported_media_type', 'errors.unsupported_media_type');
  const fields: Record<string, string> = {};
  const parts = req.parts({ limits: { ...limits, fields: 10, fieldSize: 2000 } })[Symbol.asyncIterator]();
  const first = await nextFile(parts, field, fields);
  const chapterId = rules.id().safeParse(fields.chapter_id);
  if (!first) {
    if (!chapterId.success) throw validation({ chapter_id: [encodeMessage('validation.required')] });
    throw validation({ [field]: [encodeMessage('media.missing')] }, 'media.missing', 'media.missing');
  }
  if (!chapterId.success) {
    first.file.resume();
    throw validation({ chapter_id: [encodeMessage('validation.required')] });
  }
  return { chapterId: chapterId.data, files: filesFrom(first, parts, field, fields), fields };
}

/** the next file of `field`, taking the text fields on the way and skipping other files */
async function nextFile(
  parts: AsyncIterator<Multipart>,
  field: string,
  fields: Record<string, string>,
): Promise<MultipartFile | null> {
  for (;;) {
    const next = await parts.next();
    if (next.done) return null;
    const part = next.value;
    if (part.type === 'field') {
      if (typeof part.value === 'string') {
        rejectNul({ [part.fieldname]: part.value });
        fields[part.fieldname] = part.value;
      }
      continue;
    }
    if (part.fieldname.replace(/\[\]$/, '') !== field || !part.filename) {
      part.file.resume();
      continue;
    }
    return part;
  }
}

async function* filesFrom(
  first: MultipartFile,
  parts: AsyncIterator<Multipart>,
  field: string,
  fields: Record<string, string>,
): AsyncGenerator<IncomingFile> {
  let part: MultipartFile | null = first;
  while (part) {
    yield { stream: part.file, name: cleanFileName(part.filename) };
    part = await nextFile(parts, field, fields);
  }
}
