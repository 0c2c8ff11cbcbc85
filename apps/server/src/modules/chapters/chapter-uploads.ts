import type { IncomingMessage } from 'node:http';
import type { DataStore } from '@tus/utils';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { S3Settings } from '../../lib/file-store.ts';
import { openTusStore } from '../../lib/tus-store.ts';
import type { TusCtx, UploadsContext } from './chapter-uploads.context.ts';
import { createFinisher } from './chapter-uploads.finish.ts';
import { tusRoutes } from './chapter-uploads.routes.ts';
import { createTusServer } from './chapter-uploads.server.ts';
import type { ChaptersService } from './chapters.service.ts';

/**
 * Resumable uploads of videos and documents with the tus protocol 1.0 (issue 18,
 * https://tus.io/protocols/resumable-upload): `POST /api/chapters/uploads` creates an upload
 * (`Upload-Length`, `Upload-Metadata` with `chapter_id`, `filename`, `kind` = video|doc and an
 * optional `label`), `HEAD`/`PATCH`/`DELETE /api/chapters/uploads/:uploadId` ask for its offset,
 * append bytes and cancel it. `@tus/server` stores the unfinished upload under `tus/` of the
 * upload directory (`@tus/file-store`) or of the bucket (`@tus/s3-store`; both in
 * lib/tus-store.ts); when the last byte arrives the file is checked by its content (read as a
 * stream, hashed) and moved into the regular file store (renamed on local disk, streamed into its
 * key in a bucket), the media row is written (the chapters' one media step, `addMedia`) and the
 * tus upload removed (chapter-uploads.finish.ts). Session, scope and CSRF are checked by Fastify
 * before tus sees the request; so are the chapter (on creation) and the upload's owner (on every
 * later request: chapter-uploads.guards.ts, chapter-uploads.routes.ts).
 */

export { parseMetadata, UPLOAD_EXPIRY_MS } from '../../lib/tus-store.ts';
export { TUS_EXTENSIONS, TUS_PATH } from './chapter-uploads.context.ts';

/** the job kind of the hourly sweep of expired unfinished uploads (once across instances) */
export const TUS_SWEEP_JOB = 'tus-sweep';

export interface TusUploads {
  /** removes unfinished (and left-over) uploads older than {@link UPLOAD_EXPIRY_MS}; returns how many */
  sweepExpired(now?: number): Promise<number>;
  /** the tus data store (where unfinished uploads live) */
  datastore: DataStore;
}

/** The tus routes (see the module comment); registered by app-modules.ts beside the chapter routes. */
export const chapterUploadRoutes: FastifyPluginAsyncZod<{
  chapters: ChaptersService;
  uploadDir: string;
  s3?: S3Settings;
  maxVideoMb: number;
  maxDocMb: number;
  /** receives the uploads' sweeper (it runs at start and every hour as the queue's job TUS_SWEEP_JOB) */
  ready?: (uploads: TusUploads) => void;
}> = async (app, { chapters, uploadDir, s3, maxVideoMb, maxDocMb, ready }) => {
  const store = await openTusStore(uploadDir, s3);
  const ctx: UploadsContext = {
    log: app.log,
    chapters,
    store,
    maxVideoMb,
    maxDocMb,
    contexts: new WeakMap<IncomingMessage, TusCtx>(),
  };
  const finisher = createFinisher(ctx);
  const tus = await createTusServer(ctx, finisher);

  // tus bodies are read by tus itself, straight from the socket
  app.addContentTypeParser('application/offset+octet-stream', (_req, _payload, done) => done(null));
  await app.register(tusRoutes, { ctx, tus, finisher });

  const uploads: TusUploads = {
    datastore: store.datastore,
    sweepExpired: (now = Date.now()) => store.sweep(now),
  };
  const run = () =>
    store.sweep(Date.now()).then(
      (n) => {
        if (n) app.log.info({ removed: n }, 'removed expired unfinished uploads');
      },
      (err: unknown) => app.log.warn({ err }, 'sweep of unfinished uploads failed'),
    );
  // at start, and every hour as a scheduled job of the queue (its stop waits for a running one)
  const running: Promise<unknown> = run();
  await app.jobs.define(TUS_SWEEP_JOB, async () => {
    // a failed sweep fails its job: retried, and listed for operators
    const n = await store.sweep(Date.now());
    if (n) app.log.info({ removed: n }, 'removed expired unfinished uploads');
  });
  await app.jobs.schedule(TUS_SWEEP_JOB, '17 * * * *');
  app.addHook('onClose', async () => {
    await running;
    // the drain: uploads being finished get their row before the database closes (this hook
    // runs before plugins/resources.ts closes the database and the store)
    await Promise.allSettled(finisher.underWay());
  });
  ready?.(uploads);
};
