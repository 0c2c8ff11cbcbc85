import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, readdir, rename, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { AppError } from '../errors.ts';
import { randomToken } from './crypto.ts';
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
 * Streams an upload to `<uploadDir>/tmp/<random>.part` (hashing it on the way), checks its type
 * from the first bytes, fsyncs and renames it into `<uploadDir>/<subdir>/`. Never holds the file
 * in memory. On any failure (wrong type, too large, aborted) the partial file is removed and the
 * stream is drained so that the request can still be answered. A full disk stops the writing, the
 * rest of the upload is drained and the answer is 507 `storage_full` (the server keeps serving).
 * @throws media.type (422), media.too_large (413), storage_full (507)
 */
export async function storeUpload(opts: {
  uploadDir: string;
  subdir: string;
  stream: Readable & { truncated?: boolean };
  fileName: string;
  check: TypeCheck;
  allowedText: string;
  maxMb: number;
  field: string;
}): Promise<StoredFile> {
  const tmpDir = path.join(opts.uploadDir, 'tmp');
  await mkdir(tmpDir, { recursive: true });
  const tmp = path.join(tmpDir, `${randomToken(16)}.part`);
  const out = createWriteStream(tmp);
  // a write error (ENOSPC) must not be an unhandled 'error' event: it is remembered and thrown
  let writeError: Error | null = null;
  out.on('error', (err) => {
    writeError ??= err;
  });
  const hash = createHash('sha256');
  const head: Buffer[] = [];
  let headLen = 0;
  let size = 0;
  let ext: string | null | undefined;
  let rejected = false;
  let done = false;
  const declared = extOf(opts.fileName);
  const decide = async () => {
    const sniffed = await fileTypeFromBuffer(Buffer.concat(head));
    ext = opts.check(sniffed ? { ext: sniffed.ext, mime: sniffed.mime } : undefined, declared);
    if (!ext) rejected = true;
  };
  try {
    for await (const chunk of opts.stream as AsyncIterable<Buffer>) {
      if (rejected || writeError) continue; // drain
      if (ext === undefined) {
        head.push(chunk);
        headLen += chunk.length;
        if (headLen >= SNIFF_BYTES) await decide();
        if (rejected) continue;
      }
      hash.update(chunk);
      size += chunk.length;
      if (!out.write(chunk)) await drainOrError(out);
    }
    if (writeError) throw writeError;
    if (ext === undefined && !rejected) await decide();
    await new Promise<void>((resolve, reject) => {
      if (writeError) return reject(writeError);
      out.once('error', reject);
      out.end((err?: Error | null) => (err ? reject(err) : resolve()));
    });
    if (writeError) throw writeError;
    if (opts.stream.truncated) {
      throw new AppError(413, 'media.too_large', 'media.too_large', { max: opts.maxMb });
    }
    if (rejected || !ext || size === 0) {
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
    const fh = await open(tmp, 'r');
    await fh.sync();
    await fh.close();
    const dir = path.join(opts.uploadDir, opts.subdir);
    await mkdir(dir, { recursive: true });
    const name = `${randomToken(18)}.${ext}`;
    await rename(tmp, path.join(dir, name));
    done = true;
    return { relPath: `${opts.subdir}/${name}`, size, sha256: hash.digest('hex'), ext };
  } catch (err) {
    throw isDiskFull(err) ? storageFull(err) : err;
  } finally {
    if (!done) {
      out.destroy();
      await unlink(tmp).catch(() => {});
    }
  }
}

function drainOrError(out: NodeJS.WritableStream): Promise<void> {
  return new Promise<void>((resolve) => {
    const done = () => {
      out.off('drain', done);
      out.off('error', done);
      resolve();
    };
    out.once('drain', done);
    out.once('error', done);
  });
}

/**
 * Stores a small file held in memory (an avatar) under `<subdir>/<random>.<ext>`: written to the
 * temporary directory and renamed, so a failure leaves nothing behind.
 * @throws storage_full (507)
 */
export async function storeBuffer(
  uploadDir: string,
  subdir: string,
  ext: string,
  data: Buffer,
): Promise<string> {
  const tmpDir = path.join(uploadDir, 'tmp');
  const tmp = path.join(tmpDir, `${randomToken(16)}.part`);
  try {
    await mkdir(tmpDir, { recursive: true });
    await writeFile(tmp, data);
    const dir = path.join(uploadDir, subdir);
    await mkdir(dir, { recursive: true });
    const name = `${randomToken(16)}.${ext}`;
    await rename(tmp, path.join(dir, name));
    return `${subdir}/${name}`;
  } catch (err) {
    await unlink(tmp).catch(() => {});
    throw isDiskFull(err) ? storageFull(err) : err;
  }
}

export async function removeStored(uploadDir: string, relPath: string | null | undefined): Promise<void> {
  if (!relPath) return;
  await unlink(path.join(uploadDir, relPath)).catch(() => {});
}

/** Removes leftovers of interrupted uploads (startup sweep, SECURITY E-06). */
export async function sweepTmp(uploadDir: string): Promise<number> {
  const dir = path.join(uploadDir, 'tmp');
  const names = await readdir(dir).catch(() => [] as string[]);
  await Promise.all(names.map((n) => unlink(path.join(dir, n)).catch(() => {})));
  return names.length;
}

/**
 * Removes stored files that no row names (a kill between a file's rename into place and its row;
 * start-up sweep). Files written within `olderThanMs` are kept: another instance may be between
 * the two steps right now. Returns how many were removed.
 */
export async function sweepOrphans(
  uploadDir: string,
  referenced: Set<string>,
  opts: { olderThanMs: number; now?: number },
): Promise<number> {
  const limit = (opts.now ?? Date.now()) - opts.olderThanMs;
  let removed = 0;
  const dirs = await readdir(uploadDir, { withFileTypes: true }).catch(() => []);
  for (const d of dirs) {
    if (!d.isDirectory() || d.name === 'tmp') continue;
    for (const name of await readdir(path.join(uploadDir, d.name)).catch(() => [] as string[])) {
      const rel = `${d.name}/${name}`;
      if (referenced.has(rel)) continue;
      const file = path.join(uploadDir, rel);
      const info = await stat(file).catch(() => null);
      if (!info?.isFile() || info.mtimeMs > limit) continue;
      await unlink(file).then(
        () => removed++,
        () => undefined,
      );
    }
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
  opts: { uploadDir: string; relPath: string; mime: string; fileName: string; attachment: boolean },
) {
  const file = path.join(opts.uploadDir, opts.relPath);
  const info = await stat(file).catch(() => null);
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
    return reply.send(createReadStream(file, { start, end }));
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
        yield* createReadStream(file, { start: r.start, end: r.end });
      }
      yield Buffer.from(tail);
    }
    reply.code(206);
    reply.header('Content-Type', `multipart/byteranges; boundary=${boundary}`);
    reply.header('Content-Length', length);
    return reply.send(Readable.from(parts(range.ranges)));
  }
  reply.header('Content-Length', total);
  return reply.send(createReadStream(file));
}
