import { createWriteStream } from 'node:fs';
import { link, mkdir, readdir, readFile, stat, unlink } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { encodeMessage, type Locale, rules, t } from '@elearn/shared';
import type { DataStore, Upload } from '@tus/utils';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, notFound, validation } from '../../errors.ts';
import { randomToken, safeEqual } from '../../lib/crypto.ts';
import type { S3Settings } from '../../lib/file-store.ts';
import { redactUrl } from '../../lib/log-redaction.ts';
import { rejectNul } from '../../lib/no-nul.ts';
import { storageUnavailable } from '../../lib/s3-file-store.ts';
import { cleanFileName, storageFull } from '../../lib/storage.ts';
import { appErrorBody } from '../../plugins/errors.ts';
import type { AuthUser } from '../../plugins/session.ts';
import type { ChaptersService } from './chapters.service.ts';

/**
 * Resumable uploads of videos and documents with the tus protocol 1.0 (issue 18,
 * https://tus.io/protocols/resumable-upload): `POST /api/chapters/uploads` creates an upload
 * (`Upload-Length`, `Upload-Metadata` with `chapter_id`, `filename`, `kind` = video|doc and an
 * optional `label`), `HEAD`/`PATCH`/`DELETE /api/chapters/uploads/:uploadId` ask for its offset,
 * append bytes and cancel it. `@tus/server` stores the unfinished upload under `tus/` of the
 * upload directory (`@tus/file-store`) or of the bucket (`@tus/s3-store`); when the last byte
 * arrives the file is checked by its content (read as a stream, hashed) and moved into the
 * regular file store (renamed on local disk, streamed into its key in a bucket), the media row is
 * written and the tus upload removed. Session, scope and CSRF are checked by
 * Fastify before tus sees the request; so are the chapter (on creation) and the upload's owner
 * (on every later request).
 */

export const TUS_PATH = '/api/chapters/uploads';
/** unfinished uploads expire this long after their creation (Upload-Expires) */
export const UPLOAD_EXPIRY_MS = 24 * 3_600_000;
const SWEEP_EVERY_MS = 3_600_000;
const MiB = 1024 * 1024;

/** the tus extensions this server offers (docs/api/uploads.md; no deferred length, no upload with creation) */
export const TUS_EXTENSIONS = ['creation', 'termination', 'expiration'] as const;

/** the upload's id in the URL: random, URL-safe */
const ID = /^[A-Za-z0-9_-]{16,64}$/;

export interface TusUploads {
  /** removes unfinished (and left-over) uploads older than {@link UPLOAD_EXPIRY_MS}; returns how many */
  sweepExpired(now?: number): Promise<number>;
  /** the tus data store (where unfinished uploads live) */
  datastore: DataStore;
}

/** Metadata of the tus `Upload-Metadata` header: `key base64value` pairs separated by commas. */
export function parseMetadata(header: string | undefined): Record<string, string> | null {
  const out: Record<string, string> = {};
  if (!header) return out;
  for (const pair of header.split(',')) {
    const [key, value, extra] = pair.trim().split(' ');
    if (!key || extra !== undefined || !/^[A-Za-z0-9_.-]{1,64}$/.test(key)) return null;
    if (value !== undefined && !/^[A-Za-z0-9+/]*={0,2}$/.test(value)) return null;
    out[key] = value ? Buffer.from(value, 'base64').toString('utf8') : '';
  }
  return out;
}

interface Ctx {
  user: AuthUser;
  locale: Locale;
}

type TusRequest = { runtime?: { node?: { req: IncomingMessage } } };

async function openTusStore(
  uploadDir: string,
  s3: S3Settings | undefined,
): Promise<{
  datastore: DataStore;
  storeId: (id: string) => string;
  sweep: (now: number) => Promise<number>;
  /**
   * on the local disk: a new hard link of a finished upload's data file, which the file store
   * renames into place (no copy) while the upload itself stays whole until its row is written:
   * a crash in between leaves an upload that can be finished again
   */
  linkForAdoption?: (id: string) => Promise<string>;
  /** removes an upload (and its link for adoption); never throws */
  drop: (id: string) => Promise<void>;
}> {
  if (!s3) {
    const directory = path.join(uploadDir, 'tus');
    await mkdir(directory, { recursive: true });
    const { FileStore } = await import('@tus/file-store');
    const { ERRORS } = await import('@tus/utils');
    /** as @tus/file-store's write, but a full disk keeps its code (507 instead of tus' 500) */
    class LocalTusStore extends FileStore {
      override async write(readable: Readable, id: string, offset: number): Promise<number> {
        const out = createWriteStream(path.join(directory, id), { flags: 'r+', start: offset });
        let received = 0;
        const count = new Transform({
          transform(chunk: Buffer, _enc, done) {
            received += chunk.length;
            done(null, chunk);
          },
        });
        try {
          await pipeline(readable, count, out);
        } catch (err) {
          const code = (err as { code?: string }).code;
          if (code === 'ENOSPC' || code === 'EDQUOT') throw err;
          // the client went away (or another failure): what arrived stays, the offset says how much
          throw ERRORS.FILE_WRITE_ERROR;
        }
        return offset + received;
      }
    }
    const datastore = new LocalTusStore({ directory, expirationPeriodInMilliseconds: UPLOAD_EXPIRY_MS });
    const adoptionLink = (id: string) => path.join(directory, `${id}.finishing`);
    return {
      datastore,
      storeId: (id) => id,
      async linkForAdoption(id) {
        const to = adoptionLink(id);
        await unlink(to).catch(() => {});
        await link(path.join(directory, id), to);
        return to;
      },
      async drop(id) {
        await unlink(path.join(directory, id)).catch(() => {});
        await unlink(path.join(directory, `${id}.json`)).catch(() => {});
        await unlink(adoptionLink(id)).catch(() => {});
      },
      // every upload (finished ones are moved at once; one left by a crash goes too) created
      // before the limit: its data file and its `.json`; stray files by their modification time
      async sweep(now) {
        const limit = now - UPLOAD_EXPIRY_MS;
        let removed = 0;
        for (const name of await readdir(directory).catch(() => [] as string[])) {
          const file = path.join(directory, name);
          if (name.endsWith('.json')) {
            const info = await readFile(file, 'utf8')
              .then((t) => JSON.parse(t) as { creation_date?: string })
              .catch(() => null);
            const created = info?.creation_date ? Date.parse(info.creation_date) : 0;
            if (created > limit) continue;
            await unlink(file).catch(() => {});
            await unlink(file.slice(0, -'.json'.length)).catch(() => {});
            removed++;
            continue;
          }
          const s = await stat(file).catch(() => null);
          const hasInfo = await stat(`${file}.json`).then(
            () => true,
            () => false,
          );
          if (s?.isFile() && !hasInfo && s.mtimeMs < limit) {
            await unlink(file).catch(() => {});
            removed++;
          }
        }
        return removed;
      },
    };
  }
  const { S3Store } = await import('@tus/s3-store');
  const prefix = `${s3.prefix}tus/`;
  class PrefixedS3Store extends S3Store {
    /**
     * As tus' write, but an upload whose multipart upload was completed already (its finishing
     * was cut short: a shutdown, a crash) takes an empty write at its full offset instead of
     * failing with NoSuchUpload, so that it can be finished
     */
    override async write(readable: Readable, id: string, offset: number): Promise<number> {
      try {
        return await super.write(readable, id, offset);
      } catch (err) {
        const name = (err as { name?: string; Code?: string }).name ?? (err as { Code?: string }).Code;
        if (name !== 'NoSuchUpload' && name !== 'NoSuchKey') throw err;
        const { file } = await this.getMetadata(id);
        if (file.size === undefined || offset !== file.size) throw err;
        // the assembled object is there (else the store's error stands)
        await this.client.headObject({ Bucket: this.bucket, Key: id });
        readable.resume();
        return offset;
      }
    }

    /** tus' own expiry lists every multipart upload of the bucket; ours only those under `tus/` */
    async sweepPrefix(now: number): Promise<number> {
      const limit = now - UPLOAD_EXPIRY_MS;
      let removed = 0;
      let KeyMarker: string | undefined;
      let UploadIdMarker: string | undefined;
      do {
        const page = await this.client.listMultipartUploads({
          Bucket: this.bucket,
          Prefix: prefix,
          KeyMarker,
          UploadIdMarker,
        });
        for (const u of page.Uploads ?? []) {
          if (!u.Key || !u.UploadId || (u.Initiated?.getTime() ?? 0) > limit) continue;
          await this.client
            .abortMultipartUpload({ Bucket: this.bucket, Key: u.Key, UploadId: u.UploadId })
            .catch(() => {});
          removed++;
        }
        KeyMarker = page.IsTruncated ? page.NextKeyMarker : undefined;
        UploadIdMarker = page.IsTruncated ? page.NextUploadIdMarker : undefined;
      } while (KeyMarker);
      // the `.info` and `.part` objects (and an upload left complete by a crash)
      let ContinuationToken: string | undefined;
      do {
        const page = await this.client.listObjectsV2({
          Bucket: this.bucket,
          Prefix: prefix,
          ContinuationToken,
        });
        const old = (page.Contents ?? []).filter((o) => o.Key && (o.LastModified?.getTime() ?? 0) <= limit);
        for (const o of old) {
          await this.client.deleteObject({ Bucket: this.bucket, Key: o.Key! }).catch(() => {});
          if (o.Key!.endsWith('.info')) removed++;
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return removed;
    }
  }
  const datastore = new PrefixedS3Store({
    partSize: 8 * MiB,
    // expiry by tags needs tagging, which not every S3-compatible store offers; our sweep lists
    useTags: false,
    expirationPeriodInMilliseconds: UPLOAD_EXPIRY_MS,
    s3ClientConfig: {
      bucket: s3.bucket,
      region: s3.region,
      endpoint: s3.endpoint,
      forcePathStyle: s3.forcePathStyle,
      credentials: s3.credentials,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: 3,
    },
  });
  return {
    datastore,
    storeId: (id) => `${prefix}${id}`,
    sweep: (now) => datastore.sweepPrefix(now),
    drop: (id) => datastore.remove(id).catch(() => {}),
  };
}

/** The tus routes (see the module comment); registered by app.ts beside the chapter routes. */
export const chapterUploadRoutes: FastifyPluginAsyncZod<{
  chapters: ChaptersService;
  uploadDir: string;
  s3?: S3Settings;
  maxVideoMb: number;
  maxDocMb: number;
  /** receives the uploads' sweeper (app.ts runs it at start and every hour) */
  ready?: (uploads: TusUploads) => void;
}> = async (app, { chapters, uploadDir, s3, maxVideoMb, maxDocMb, ready }) => {
  const { Server } = await import('@tus/server');
  const { datastore, storeId, sweep, linkForAdoption, drop } = await openTusStore(uploadDir, s3);
  const urlId = (id: string) => id.slice(id.lastIndexOf('/') + 1);
  const contexts = new WeakMap<IncomingMessage, Ctx>();
  const ctxOf = (req: unknown) => {
    const raw = (req as TusRequest).runtime?.node?.req;
    const ctx = raw ? contexts.get(raw) : undefined;
    if (!ctx) throw new Error('tus request without its Fastify context');
    return ctx;
  };
  const limitOf = (kind: string | null | undefined) => (kind === 'doc' ? maxDocMb : maxVideoMb) * MiB;

  /**
   * a refusal of ours at the end of an upload: its status with our JSON error body. Any other
   * failure while finishing (the database or the store away) keeps the upload whole: 503 with
   * Retry-After, to be finished by a later HEAD or PATCH (not tus' 500)
   */
  const refuse = (ctx: Ctx, failure: unknown) => {
    let err = failure;
    if (!(err instanceof AppError)) {
      app.log.error({ err }, 'finishing an upload failed: kept for a later attempt');
      err = new AppError(503, 'service_unavailable', 'errors.service_unavailable', undefined, undefined, {
        'retry-after': '5',
      });
    }
    if (!(err instanceof AppError)) throw err;
    return {
      status_code: err.status,
      body: JSON.stringify(appErrorBody(ctx.locale, err)),
      headers: { 'Content-Type': 'application/json; charset=utf-8', ...(err.headers ?? {}) },
    };
  };

  const tus = new Server({
    path: TUS_PATH,
    datastore,
    relativeLocation: true,
    respectForwardedHeaders: false,
    maxSize: Math.max(maxVideoMb, maxDocMb) * MiB,
    // same origin only: no CORS header for other sites
    allowedOrigins: () => false,
    namingFunction: () => storeId(randomToken(24)),
    generateUrl: (_req, { path: base, id }) => `${base}/${urlId(id)}`,
    getFileIdFromRequest: (req) => {
      const id = new URL(req.url).pathname.split('/').pop() ?? '';
      return ID.test(id) ? storeId(id) : undefined;
    },
    // tus' own failures: a full disk or store is our 507, a store away our 503 (JSON bodies);
    // anything else stays tus' 500 and is logged
    onResponseError(req, err) {
      if ('status_code' in err && err.status_code < 500) return undefined;
      const code = (err as { code?: string }).code ?? '';
      const mapped =
        code === 'ENOSPC' || code === 'EDQUOT'
          ? storageFull(err)
          : '$metadata' in err
            ? storageUnavailable(err)
            : null;
      const raw = (req as TusRequest).runtime?.node?.req;
      if (!mapped) {
        app.log.error({ err }, 'tus request failed');
        return undefined;
      }
      app.log.warn({ err, code: mapped.code }, 'tus upload refused by the store');
      const locale = (raw && contexts.get(raw)?.locale) || 'de';
      return { status_code: mapped.status, body: JSON.stringify(appErrorBody(locale, mapped)) };
    },
    // the metadata was checked before (preHandler); the upload remembers whose it is
    async onUploadCreate(req, upload) {
      const ctx = ctxOf(req);
      return { metadata: { ...upload.metadata, user_id: String(ctx.user.id) } };
    },
    async onUploadFinish(req, upload) {
      const ctx = ctxOf(req);
      try {
        const media = await finishOnce(ctx.user, upload);
        return { status_code: 204, headers: { 'Upload-Media-Id': String(media.id) } };
      } catch (err) {
        return refuse(ctx, err);
      }
    },
  });

  /**
   * Finishing an upload whose bytes are all there: by the PATCH that brought the last byte, and
   * again by a HEAD or an empty PATCH at the full offset when that one was cut short (a shutdown,
   * a crash: issue 32). One finishing per upload at a time in this process; the shutdown waits
   * for those under way before it closes the database and the store.
   */
  const finishing = new Map<string, Promise<{ id: number }>>();
  function finishOnce(
    user: AuthUser,
    upload: Upload,
    opts: { complete?: boolean } = {},
  ): Promise<{ id: number }> {
    let running = finishing.get(upload.id);
    if (!running) {
      // outside a PATCH: an empty write at the full offset first, which completes a bucket's
      // multipart upload whose parts are all there (and is nothing for one completed already)
      const ready = opts.complete
        ? datastore.write(Readable.from([]), upload.id, upload.size!).then(() => undefined)
        : Promise.resolve();
      running = ready
        .then(() => finish(user, upload))
        .then(
          async (media) => {
            // the file now lives in the file store, the row names it: the upload goes
            await drop(upload.id);
            return media;
          },
          async (err: unknown) => {
            // a refusal (wrong type, chapter gone) leaves nothing behind; an outage keeps the
            // upload whole, to be finished when the store or the database is back
            if (err instanceof AppError && err.status < 500) await drop(upload.id);
            throw err;
          },
        );
      finishing.set(upload.id, running);
      const forget = () => finishing.delete(upload.id);
      running.then(forget, forget);
    }
    return running;
  }

  /**
   * checks the finished file by its content, streams it into the file store under a key named
   * after the upload and records it once (finishing again writes the same key, finds the row)
   */
  async function finish(user: AuthUser, upload: Upload): Promise<{ id: number }> {
    const meta = upload.metadata ?? {};
    const chapterId = Number(meta.chapter_id);
    // the chapter may have been deleted, or handed on, while the upload ran
    await chapters.manageChapter(user, chapterId);
    const name = cleanFileName(meta.filename ?? 'file');
    // both stores read a finished upload as a stream (a file, or GetObject's body): never in memory
    const readable = datastore as unknown as { read(id: string): Readable | Promise<Readable> };
    // on the local disk the file is read once (type, hash) and a hard link of it renamed into place
    const adoptFrom = await linkForAdoption?.(upload.id);
    try {
      const source = await readable.read(upload.id);
      const key = urlId(upload.id);
      const stored =
        meta.kind === 'doc'
          ? await chapters.storeDoc(source, name, adoptFrom, key)
          : await chapters.storeVideo(source, name, adoptFrom, key);
      const row = await chapters.recordUploadOnce(chapterId, meta.kind === 'doc' ? 'doc' : 'video', {
        stored,
        name,
        label: meta.label?.slice(0, 200),
      });
      return { id: row.id };
    } finally {
      // renamed away, or left (a refusal; a rename onto the same file keeps its source)
      if (adoptFrom) await unlink(adoptFrom).catch(() => {});
    }
  }

  const csrfEverywhere = async (req: FastifyRequest) => {
    // HEAD is no write, but tus answers it with the upload's state: the token is asked for on
    // every tus request (SECURITY A-03); the session plugin checked it already for the writes
    if (req.method !== 'HEAD') return;
    const header = req.headers['x-xsrf-token'];
    if (typeof header !== 'string' || !req.session || !safeEqual(header, req.session.csrfToken))
      throw new AppError(419, 'csrf_mismatch', 'errors.csrf_mismatch');
  };

  /** the creation's metadata and length, and the caller's right to the chapter */
  const checkCreation = async (req: FastifyRequest) => {
    const meta = parseMetadata(req.headers['upload-metadata'] as string | undefined);
    if (!meta) throw validation({ upload_metadata: [encodeMessage('validation.invalid')] });
    // PostgreSQL text holds no U+0000 (the label and name go into the row)
    rejectNul(meta);
    const kind = meta.kind ?? 'video';
    if (kind !== 'video' && kind !== 'doc') throw validation({ kind: [encodeMessage('validation.invalid')] });
    const chapterId = rules.id().safeParse(meta.chapter_id);
    if (!chapterId.success) throw validation({ chapter_id: [encodeMessage('validation.required')] });
    if (!meta.filename?.trim()) throw validation({ filename: [encodeMessage('validation.required')] });
    if (meta.filename.length > 255) throw validation({ filename: [encodeMessage('validation.invalid')] });
    if ((meta.label?.length ?? 0) > 200) throw validation({ label: [encodeMessage('validation.invalid')] });
    const length = req.headers['upload-length'];
    // the size is announced up front (no Upload-Defer-Length)
    if (typeof length !== 'string' || !/^\d{1,15}$/.test(length))
      throw validation({ upload_length: [encodeMessage('validation.required')] });
    await chapters.manageChapter(req.user, chapterId.data);
    const max = limitOf(kind);
    if (Number(length) > max)
      throw new AppError(413, 'media.too_large', 'media.too_large', { max: max / MiB });
    if (Number(length) === 0)
      throw validation(
        { [kind === 'doc' ? 'docs' : 'video']: [encodeMessage('media.missing')] },
        'media.missing',
        'media.missing',
      );
  };

  /** a later request: only the user who created the upload sees it */
  const ownUpload = async (req: FastifyRequest): Promise<Upload> => {
    const id = (req.params as { uploadId: string }).uploadId;
    if (!ID.test(id)) throw notFound();
    const upload = await datastore.getUpload(storeId(id)).catch(() => null);
    if (!upload || upload.metadata?.user_id !== String(req.user!.id)) throw notFound();
    return upload;
  };
  const checkOwner = async (req: FastifyRequest) => {
    await ownUpload(req);
  };

  /**
   * HEAD of an upload whose bytes are all there but which was not finished (the PATCH of its last
   * byte was cut short): finishes it now and answers as the PATCH would have, with
   * `Upload-Media-Id` (a client that sees offset = length takes the upload as done)
   */
  const headOrFinish = async (req: FastifyRequest, reply: FastifyReply) => {
    const upload = await ownUpload(req);
    if (upload.size === undefined || upload.offset !== upload.size) return;
    const media = await finishOnce(req.user!, upload, { complete: true });
    return reply
      .code(200)
      .headers({
        'Tus-Resumable': '1.0.0',
        'Upload-Offset': String(upload.size),
        'Upload-Length': String(upload.size),
        'Upload-Media-Id': String(media.id),
        'Cache-Control': 'no-store',
      })
      .send();
  };

  const handOver = async (req: FastifyRequest, reply: FastifyReply) => {
    contexts.set(req.raw, { user: req.user!, locale: req.locale ?? 'de' });
    const res = reply.raw as ServerResponse;
    res.setHeader('Cache-Control', 'no-store');
    reply.hijack();
    const started = performance.now();
    try {
      await tus.handle(req.raw, res);
    } catch (err) {
      // after the hijack Fastify's error handler cannot answer: the same generic 500 by hand
      req.log.error({ err }, 'tus request failed');
      if (!res.headersSent) {
        res.writeHead(500, { 'content-type': 'application/json; charset=utf-8' });
        res.end(
          JSON.stringify({ message: t(req.locale ?? 'de', 'errors.internal_error'), code: 'internal_error' }),
        );
      } else res.destroy();
    }
    // a hijacked reply skips the onResponse hooks: the one line per request of app.ts
    req.log.info(
      {
        method: req.method,
        url: redactUrl(req.url),
        status: res.statusCode,
        ms: Math.round(performance.now() - started),
      },
      'request',
    );
  };

  // tus bodies are read by tus itself, straight from the socket
  app.addContentTypeParser('application/offset+octet-stream', (_req, _payload, done) => done(null));

  /**
   * a PATCH carries `application/offset+octet-stream` (tus core): anything else is our 415, before
   * its body is read; a NUL in the path or query is the 422 of every other route (checked first,
   * as there)
   */
  const offsetStreamOnly = async (req: FastifyRequest) => {
    rejectNul(req.params, req.query);
    const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (type !== 'application/offset+octet-stream')
      throw new AppError(415, 'unsupported_media_type', 'errors.unsupported_media_type');
  };

  /**
   * tus 1.0 core: OPTIONS tells the server's protocol versions, extensions and largest upload
   * (204, no login needed). Same origin only like every other route: no CORS headers.
   */
  const tusOptions = async (_req: FastifyRequest, reply: FastifyReply) => {
    reply
      .code(204)
      .header('Tus-Resumable', '1.0.0')
      .header('Tus-Version', '1.0.0')
      .header('Tus-Extension', TUS_EXTENSIONS.join(','))
      .header('Tus-Max-Size', String(Math.max(maxVideoMb, maxDocMb) * MiB))
      .header('Cache-Control', 'no-store');
    return reply.send();
  };
  for (const url of [TUS_PATH, `${TUS_PATH}/:uploadId`])
    app.route({ method: 'OPTIONS', url, schema: { hide: true }, handler: tusOptions });

  const guard = app.requireScope('trainer', 'admin');
  const tusHeaders = {
    'tus-resumable': z.string().max(20).optional(),
  };
  const uploadParams = z.object({ uploadId: z.string().max(64) });
  app.post(
    TUS_PATH,
    {
      onRequest: guard,
      preHandler: checkCreation,
      schema: {
        tags: ['media'],
        summary: 'Create a resumable (tus) upload',
        description:
          'tus 1.0 creation (docs/api/uploads.md): `Upload-Length` (bytes, at most MAX_VIDEO_MB / MAX_DOC_MB) and `Upload-Metadata` with base64 `chapter_id`, `filename`, optional `kind` (video|doc) and `label`. Then `HEAD` (needs X-XSRF-TOKEN too) and `PATCH` the `Location`.',
        headers: z.object({
          ...tusHeaders,
          'upload-length': z.string().max(20).optional(),
          'upload-metadata': z.string().max(2000).optional(),
        }),
        response: {
          201: z
            .literal('')
            .describe('Created (an empty body); `Location` names the upload, `Upload-Expires` its expiry.'),
        },
      },
    },
    handOver,
  );
  app.route({
    method: 'HEAD',
    url: `${TUS_PATH}/:uploadId`,
    onRequest: [guard, csrfEverywhere],
    preHandler: headOrFinish,
    schema: { tags: ['media'], params: uploadParams, hide: true },
    handler: handOver,
  });
  app.patch(
    `${TUS_PATH}/:uploadId`,
    {
      onRequest: [guard, offsetStreamOnly],
      preHandler: checkOwner,
      schema: {
        tags: ['media'],
        summary: 'Append bytes to a resumable (tus) upload at `Upload-Offset`',
        description:
          'Body: the bytes from `Upload-Offset` on, as `application/offset+octet-stream`. The last one checks the type by content and records the media (204 with `Upload-Media-Id`), or answers 422 `media.type` and removes the upload.',
        params: uploadParams,
        headers: z.object({
          ...tusHeaders,
          'upload-offset': z.string().max(20).optional(),
        }),
        response: { 204: z.null().describe('Appended; `Upload-Offset` is the new offset.') },
      },
    },
    handOver,
  );
  app.delete(
    `${TUS_PATH}/:uploadId`,
    {
      onRequest: guard,
      preHandler: checkOwner,
      schema: {
        tags: ['media'],
        summary: 'Cancel a resumable (tus) upload',
        params: uploadParams,
        response: { 204: z.null() },
      },
    },
    handOver,
  );

  const uploads: TusUploads = { datastore, sweepExpired: (now = Date.now()) => sweep(now) };
  const run = () =>
    sweep(Date.now()).then(
      (n) => {
        if (n) app.log.info({ removed: n }, 'removed expired unfinished uploads');
      },
      (err: unknown) => app.log.warn({ err }, 'sweep of unfinished uploads failed'),
    );
  let running: Promise<unknown> = run();
  const timer = setInterval(() => {
    running = run();
  }, SWEEP_EVERY_MS);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
    // the drain: uploads being finished get their row before the database closes (this hook
    // runs before app.ts closes the database and the store)
    await Promise.allSettled([...finishing.values()]);
  });
  ready?.(uploads);
};
