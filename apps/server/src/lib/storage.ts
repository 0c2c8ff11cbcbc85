import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { AppError } from '../errors.ts';
import { randomToken } from './crypto.ts';
import { type FileStore, type FileWriter, putFile } from './file-store.ts';
import { parseRange } from './range.ts';

export interface StoredFile {
  /** relative to the upload directory */
  relPath: string;
  size: number;
  sha256: string;
  ext: string;
}

/** Decides from the sniffed type and the declared extension which extension to store, or null. */
export type TypeCheck = (
  sniffed: { ext: string; mime: string } | undefined,
  declaredExt: string,
) => string | null;

const SNIFF_BYTES = 4100;

/** The disk (or quota) is full: 507 with a code, nothing was stored. */
const isDiskFull = (err: unknown) => ['ENOSPC', 'EDQUOT'].includes((err as { code?: string })?.code ?? '');
export const storageFull = (cause?: unknown) => {
  const err = new AppError(507, 'storage_full', 'errors.storage_full', undefined, undefined, {
    'retry-after': '60',
  });
  err.cause = cause;
  err.logKind = 'disk_full';
  return err;
};

/** A file name safe to show and to put into Content-Disposition: no path, no control characters. */
export function cleanFileName(name: string): string {
  const base = name.replace(/\\/g, '/').split('/').pop() ?? '';
  const cleaned = base
    .replace(/\p{Cc}/gu, '')
    .replace(/^\.+/, '')
    .trim()
    .slice(0, 200);
  return cleaned || 'file';
}

export const extOf = (name: string) => (/\.([A-Za-z0-9]{1,8})$/.exec(name)?.[1] ?? '').toLowerCase();

/**
 * Streams an upload into the file store (hashing it on the way) under `<subdir>/<random>.<ext>`,
 * the extension decided from the first bytes (sniffed type and declared name). Never holds the
 * file in memory beyond those first bytes: on local disk it goes through `tmp/<random>.part` and is
 * renamed into place, in a bucket through a streamed multipart upload. On any failure (wrong
 * type, too large, aborted) nothing stays stored and the stream is drained so that the request can
 * still be answered. A full disk (or store) stops the writing, the rest of the upload is drained
 * and the answer is 507 `storage_full` (the server keeps serving).
 * @throws media.type (422), media.too_large (413), storage_full (507), service_unavailable (503)
 */
export async function storeUpload(opts: {
  files: FileStore;
  subdir: string;
  stream: Readable & { truncated?: boolean };
  fileName: string;
  check: TypeCheck;
  allowedText: string;
  maxMb: number;
  field: string;
  /**
   * the stream is this complete local file inside the upload directory: it is read for the type
   * and the hash only, then renamed into place ({@link FileStore.adopt}) instead of copied
   */
  adoptFrom?: string;
  /**
   * the key's name instead of a random one (`<subdir>/<name>.<ext>`): a resumable upload is
   * stored under its upload's id, so that finishing it again after a crash writes the same key
   */
  name?: string;
}): Promise<StoredFile> {
  const hash = createHash('sha256');
  const head: Buffer[] = [];
  let headLen = 0;
  let size = 0;
  let ext: string | null | undefined;
  let rejected = false;
  let writer: FileWriter | null = null;
  let writeError: unknown = null;
  let done = false;
  let key = '';
  const declared = extOf(opts.fileName);
  const decide = async () => {
    const sniffed = await fileTypeFromBuffer(Buffer.concat(head));
    ext = opts.check(sniffed ? { ext: sniffed.ext, mime: sniffed.mime } : undefined, declared);
    if (!ext) rejected = true;
  };
  const accept = async (chunk: Buffer) => {
    hash.update(chunk);
    size += chunk.length;
    try {
      await writer!.write(chunk);
    } catch (err) {
      writeError = err;
    }
  };
  // the type is known: open the file under its final name and write the bytes read so far
  const begin = async () => {
    key = `${opts.subdir}/${opts.name ?? randomToken(18)}.${ext}`;
    try {
      const { adoptFrom } = opts;
      const adopt = opts.files.adopt?.bind(opts.files);
      writer =
        adoptFrom && adopt
          ? {
              write: async () => {},
              commit: () => adopt(key, adoptFrom),
              abort: async () => {},
            }
          : await opts.files.writer(key, { maxBytes: opts.maxMb * 1024 * 1024 });
    } catch (err) {
      writeError = err;
      return;
    }
    await accept(Buffer.concat(head));
  };
  try {
    for await (const chunk of opts.stream as AsyncIterable<Buffer>) {
      if (rejected || writeError) continue; // drain
      if (ext === undefined) {
        head.push(chunk);
        headLen += chunk.length;
        if (headLen < SNIFF_BYTES) continue;
        await decide();
        if (!rejected) await begin();
        continue;
      }
      await accept(chunk);
    }
    if (ext === undefined && !rejected) {
      await decide();
      if (!rejected && headLen > 0) await begin();
    }
    if (writeError) throw writeError;
    if (opts.stream.truncated) {
      throw new AppError(413, 'media.too_large', 'media.too_large', { max: opts.maxMb });
    }
    if (rejected || !ext || size === 0 || !writer) {
      throw new AppError(
        422,
        'media.type',
        'media.type',
        { types: opts.allowedText },
        {
          [opts.field]: [`@media.type?types=${encodeURIComponent(opts.allowedText)}`],
        },
      );
    }
    await (writer as FileWriter).commit();
    done = true;
    return { relPath: key, size, sha256: hash.digest('hex'), ext };
  } catch (err) {
    throw isDiskFull(err) ? storageFull(err) : err;
  } finally {
    if (!done) await (writer as FileWriter | null)?.abort();
  }
}

/**
 * Stores a small file held in memory (an avatar) under `<subdir>/<random>.<ext>`; a failure
 * leaves nothing behind.
 * @throws storage_full (507), service_unavailable (503)
 */
export async function storeBuffer(
  files: FileStore,
  subdir: string,
  ext: string,
  data: Buffer,
): Promise<string> {
  const key = `${subdir}/${randomToken(16)}.${ext}`;
  try {
    await putFile(files, key, data);
    return key;
  } catch (err) {
    throw isDiskFull(err) ? storageFull(err) : err;
  }
}

/** Removes a stored file; a missing file or a failing store leaves it to the orphan sweep. */
export async function removeStored(files: FileStore, relPath: string | null | undefined): Promise<void> {
  if (!relPath) return;
  await files.remove(relPath).catch(() => {});
}

/** Removes leftovers of interrupted uploads (startup sweep, SECURITY E-06). */
export async function sweepTmp(files: FileStore): Promise<number> {
  return files.sweepIncomplete();
}

/**
 * Removes stored files that no row names (a kill between a file's rename into place and its row;
 * start-up sweep). Files written within `olderThanMs` before `now` are kept: another instance may
 * be between the two steps right now. Stops early when `signal` aborts. Returns how many were removed.
 */
export async function sweepOrphans(
  files: FileStore,
  referenced: Set<string>,
  opts: { olderThanMs: number; now?: number; signal?: AbortSignal },
): Promise<number> {
  const limit = (opts.now ?? Date.now()) - opts.olderThanMs;
  let removed = 0;
  for await (const f of files.list()) {
    // the app is closing: the rest waits for the next start
    if (opts.signal?.aborted) break;
    if (referenced.has(f.key) || f.modifiedMs > limit) continue;
    await files.remove(f.key).then(
      () => removed++,
      () => undefined,
    );
  }
  return removed;
}

/**
 * Sends a stored file with Range support (RFC 9110 §14, `lib/range.ts`: 206 for one byte range,
 * 206 multipart/byteranges for several, 416 when none is satisfiable, the whole file when the
 * header is ignored),
 * `private, no-store`, nosniff and a sandbox CSP, inline or as an attachment.
 */
export async function sendStored(
  req: FastifyRequest,
  reply: FastifyReply,
  opts: { files: FileStore; relPath: string; mime: string; fileName: string; attachment: boolean },
) {
  const { files, relPath } = opts;
  const info = await files.stat(relPath);
  if (!info) throw new AppError(404, 'not_found', 'errors.not_found');
  const total = info.size;
  reply.header('Content-Type', opts.mime);
  reply.header('Accept-Ranges', 'bytes');
  reply.header('Cache-Control', 'private, no-store');
  reply.header('Content-Security-Policy', "sandbox; default-src 'none'");
  reply.header('X-Content-Type-Options', 'nosniff');
  const encoded = encodeURIComponent(opts.fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  const ascii = opts.fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  reply.header(
    'Content-Disposition',
    `${opts.attachment ? 'attachment' : 'inline'}; filename="${ascii}"; filename*=UTF-8''${encoded}`,
  );
  const range = req.method === 'GET' || req.method === 'HEAD' ? parseRange(req.headers.range, total) : null;
  if (range?.kind === 'unsatisfiable') {
    reply.header('Content-Range', `bytes */${total}`);
    throw new AppError(416, 'media.range', 'media.range');
  }
  if (range?.kind === 'ranges' && range.ranges.length === 1) {
    const { start, end } = range.ranges[0]!;
    reply.code(206);
    reply.header('Content-Range', `bytes ${start}-${end}/${total}`);
    reply.header('Content-Length', end - start + 1);
    return reply.send(await files.read(relPath, { start, end }));
  }
  if (range?.kind === 'ranges') {
    // several ranges: 206 multipart/byteranges (RFC 9110 §14.6), parts in the order requested
    const boundary = randomToken(24);
    const heads = range.ranges.map(
      (r, i) =>
        `${i === 0 ? '' : '\r\n'}--${boundary}\r\nContent-Type: ${opts.mime}\r\nContent-Range: bytes ${r.start}-${r.end}/${total}\r\n\r\n`,
    );
    const tail = `\r\n--${boundary}--\r\n`;
    const length =
      heads.reduce((n, h) => n + Buffer.byteLength(h), 0) +
      range.ranges.reduce((n, r) => n + r.end - r.start + 1, 0) +
      Buffer.byteLength(tail);
    async function* parts(ranges: { start: number; end: number }[]) {
      for (const [i, r] of ranges.entries()) {
        yield Buffer.from(heads[i]!);
        yield* await files.read(relPath, r);
      }
      yield Buffer.from(tail);
    }
    reply.code(206);
    reply.header('Content-Type', `multipart/byteranges; boundary=${boundary}`);
    reply.header('Content-Length', length);
    return reply.send(Readable.from(parts(range.ranges)));
  }
  reply.header('Content-Length', total);
  return reply.send(await files.read(relPath));
}
