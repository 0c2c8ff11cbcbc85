import type { ServerResponse } from 'node:http';
import { encodeMessage, rules, t } from '@elearn/shared';
import type { Server } from '@tus/server';
import type { Upload } from '@tus/utils';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, notFound, validation } from '../../errors.ts';
import { safeEqual } from '../../lib/crypto.ts';
import { redactUrl } from '../../lib/log-redaction.ts';
import { rejectNul } from '../../lib/no-nul.ts';
import { parseMetadata } from '../../lib/tus-store.ts';
import { ID, limitOf, MiB, TUS_EXTENSIONS, type UploadsContext } from './chapter-uploads.context.ts';
import type { Finisher } from './chapter-uploads.finish.ts';

/** The hooks of the tus routes: what Fastify checks before tus sees a request, and the hand-over. */

export const csrfEverywhere = async (req: FastifyRequest) => {
  // HEAD is no write, but tus answers it with the upload's state: the token is asked for on
  // every tus request (SECURITY A-03); the session plugin checked it already for the writes
  if (req.method !== 'HEAD') return;
  const header = req.headers['x-xsrf-token'];
  if (typeof header !== 'string' || !req.session || !safeEqual(header, req.session.csrfToken))
    throw new AppError(419, 'csrf_mismatch', 'errors.csrf_mismatch');
};

/** the creation's metadata and length, and the caller's right to the chapter */
export const checkCreation = (ctx: UploadsContext) => async (req: FastifyRequest) => {
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
  await ctx.chapters.manageChapter(req.user, chapterId.data);
  const max = limitOf(ctx, kind);
  if (Number(length) > max) throw new AppError(413, 'media.too_large', 'media.too_large', { max: max / MiB });
  if (Number(length) === 0)
    throw validation(
      { [kind === 'doc' ? 'docs' : 'video']: [encodeMessage('media.missing')] },
      'media.missing',
      'media.missing',
    );
};

/** a later request: only the user who created the upload sees it */
const ownUpload = async (ctx: UploadsContext, req: FastifyRequest): Promise<Upload> => {
  const id = (req.params as { uploadId: string }).uploadId;
  if (!ID.test(id)) throw notFound();
  const upload = await ctx.store.datastore.getUpload(ctx.store.storeId(id)).catch(() => null);
  if (!upload || upload.metadata?.user_id !== String(req.user!.id)) throw notFound();
  return upload;
};
export const checkOwner = (ctx: UploadsContext) => async (req: FastifyRequest) => {
  await ownUpload(ctx, req);
};

/**
 * HEAD of an upload whose bytes are all there but which was not finished (the PATCH of its last
 * byte was cut short): finishes it now and answers as the PATCH would have, with
 * `Upload-Media-Id` (a client that sees offset = length takes the upload as done)
 */
export const headOrFinish =
  (ctx: UploadsContext, finisher: Finisher) => async (req: FastifyRequest, reply: FastifyReply) => {
    const upload = await ownUpload(ctx, req);
    if (upload.size === undefined || upload.offset !== upload.size) return;
    const media = await finisher.finishOnce(req.user!, upload, { complete: true });
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

/** the request goes to tus (the reply hijacked), with its caller remembered for tus' hooks */
export const handOver =
  (ctx: UploadsContext, tus: Server) => async (req: FastifyRequest, reply: FastifyReply) => {
    ctx.contexts.set(req.raw, { user: req.user!, locale: req.locale ?? 'de' });
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

/**
 * a PATCH carries `application/offset+octet-stream` (tus core): anything else is our 415, before
 * its body is read; a NUL in the path or query is the 422 of every other route (checked first,
 * as there)
 */
export const offsetStreamOnly = async (req: FastifyRequest) => {
  rejectNul(req.params, req.query);
  const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/offset+octet-stream')
    throw new AppError(415, 'unsupported_media_type', 'errors.unsupported_media_type');
};

/**
 * tus 1.0 core: OPTIONS tells the server's protocol versions, extensions and largest upload
 * (204, no login needed). Same origin only like every other route: no CORS headers.
 */
export const tusOptions = (ctx: UploadsContext) => async (_req: FastifyRequest, reply: FastifyReply) => {
  reply
    .code(204)
    .header('Tus-Resumable', '1.0.0')
    .header('Tus-Version', '1.0.0')
    .header('Tus-Extension', TUS_EXTENSIONS.join(','))
    .header('Tus-Max-Size', String(Math.max(ctx.maxVideoMb, ctx.maxDocMb) * MiB))
    .header('Cache-Control', 'no-store');
  return reply.send();
};
