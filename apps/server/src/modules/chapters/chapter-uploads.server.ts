import type { Server } from '@tus/server';
import { AppError } from '../../errors.ts';
import { randomToken } from '../../lib/crypto.ts';
import { storageUnavailable } from '../../lib/s3-file-store.ts';
import { storageFull } from '../../lib/storage.ts';
import { appErrorBody } from '../../plugins/errors.ts';
import {
  ctxOf,
  ID,
  MiB,
  TUS_PATH,
  type TusCtx,
  type TusRequest,
  type UploadsContext,
  urlId,
} from './chapter-uploads.context.ts';
import type { Finisher } from './chapter-uploads.finish.ts';

/**
 * The tus server behind the routes: ids, the store's failures as our answers, the upload's owner
 * and its finishing when the last byte arrives.
 */
export async function createTusServer(ctx: UploadsContext, finisher: Finisher): Promise<Server> {
  const { Server } = await import('@tus/server');
  const { datastore, storeId } = ctx.store;
  const { log } = ctx;

  /**
   * a refusal of ours at the end of an upload: its status with our JSON error body. Any other
   * failure while finishing (the database or the store away) keeps the upload whole: 503 with
   * Retry-After, to be finished by a later HEAD or PATCH (not tus' 500)
   */
  const refuse = (caller: TusCtx, failure: unknown) => {
    let err = failure;
    if (!(err instanceof AppError)) {
      log.error({ err }, 'finishing an upload failed: kept for a later attempt');
      err = new AppError(503, 'service_unavailable', 'errors.service_unavailable', undefined, undefined, {
        'retry-after': '5',
      });
    }
    if (!(err instanceof AppError)) throw err;
    return {
      status_code: err.status,
      body: JSON.stringify(appErrorBody(caller.locale, err)),
      headers: { 'Content-Type': 'application/json; charset=utf-8', ...(err.headers ?? {}) },
    };
  };

  return new Server({
    path: TUS_PATH,
    datastore,
    relativeLocation: true,
    respectForwardedHeaders: false,
    maxSize: Math.max(ctx.maxVideoMb, ctx.maxDocMb) * MiB,
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
        log.error({ err }, 'tus request failed');
        return undefined;
      }
      log.warn({ err, code: mapped.code }, 'tus upload refused by the store');
      const locale = (raw && ctx.contexts.get(raw)?.locale) || 'de';
      return { status_code: mapped.status, body: JSON.stringify(appErrorBody(locale, mapped)) };
    },
    // the metadata was checked before (preHandler); the upload remembers whose it is
    async onUploadCreate(req, upload) {
      const caller = ctxOf(ctx, req);
      return { metadata: { ...upload.metadata, user_id: String(caller.user.id) } };
    },
    async onUploadFinish(req, upload) {
      const caller = ctxOf(ctx, req);
      try {
        const media = await finisher.finishOnce(caller.user, upload);
        return { status_code: 204, headers: { 'Upload-Media-Id': String(media.id) } };
      } catch (err) {
        return refuse(caller, err);
      }
    },
  });
}
