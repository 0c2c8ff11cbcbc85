import { Readable } from 'node:stream';
import type { Upload } from '@tus/utils';
import { AppError } from '../../errors.ts';
import { cleanFileName } from '../../lib/storage.ts';
import { openFinished } from '../../lib/tus-store.ts';
import type { AuthUser } from '../../plugins/session.ts';
import { type UploadsContext, urlId } from './chapter-uploads.context.ts';

export interface Finisher {
  /** finishes an upload whose bytes are all there, once at a time (see {@link createFinisher}) */
  finishOnce(user: AuthUser, upload: Upload, opts?: { complete?: boolean }): Promise<{ id: number }>;
  /** the finishings under way (the shutdown waits for them) */
  underWay(): Promise<unknown>[];
}

/**
 * Finishing an upload whose bytes are all there: by the PATCH that brought the last byte, and
 * again by a HEAD or an empty PATCH at the full offset when that one was cut short (a shutdown,
 * a crash: issue 32). One finishing per upload at a time in this process; the shutdown waits
 * for those under way before it closes the database and the store.
 */
export function createFinisher(ctx: UploadsContext): Finisher {
  const { datastore, drop } = ctx.store;
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
        .then(() => finish(ctx, user, upload))
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
  return { finishOnce, underWay: () => [...finishing.values()] };
}

/**
 * the media of a finished upload, by the chapters' one media step: the file is checked by its
 * content, stored under a key named after the upload and recorded once (finishing again writes
 * the same key, finds the row)
 */
async function finish(ctx: UploadsContext, user: AuthUser, upload: Upload): Promise<{ id: number }> {
  const meta = upload.metadata ?? {};
  const [media] = await ctx.chapters.addMedia(
    user,
    Number(meta.chapter_id),
    meta.kind === 'doc' ? 'doc' : 'video',
    {
      upload: {
        key: urlId(upload.id),
        name: cleanFileName(meta.filename ?? 'file'),
        open: () => openFinished(ctx.store, upload.id),
      },
    },
    { label: meta.label ?? undefined },
  );
  return { id: media!.id };
}
