import type { Server } from '@tus/server';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { TUS_PATH, type UploadsContext } from './chapter-uploads.context.ts';
import type { Finisher } from './chapter-uploads.finish.ts';
import {
  checkCreation,
  checkOwner,
  csrfEverywhere,
  handOver,
  headOrFinish,
  offsetStreamOnly,
  tusOptions,
} from './chapter-uploads.guards.ts';

/**
 * The tus routes (see chapter-uploads.ts): Fastify checks session, scope, CSRF, the chapter (on
 * creation) and the upload's owner (on every later request), then hands the request to tus.
 */
export const tusRoutes: FastifyPluginAsyncZod<{
  ctx: UploadsContext;
  tus: Server;
  finisher: Finisher;
}> = async (app, { ctx, tus, finisher }) => {
  for (const url of [TUS_PATH, `${TUS_PATH}/:uploadId`])
    app.route({ method: 'OPTIONS', url, schema: { hide: true }, handler: tusOptions(ctx) });

  const guard = app.requireScope('trainer', 'admin');
  const tusHeaders = {
    'tus-resumable': z.string().max(20).optional(),
  };
  const uploadParams = z.object({ uploadId: z.string().max(64) });
  const toTus = handOver(ctx, tus);
  app.post(
    TUS_PATH,
    {
      onRequest: guard,
      preHandler: checkCreation(ctx),
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
    toTus,
  );
  app.route({
    method: 'HEAD',
    url: `${TUS_PATH}/:uploadId`,
    onRequest: [guard, csrfEverywhere],
    preHandler: headOrFinish(ctx, finisher),
    schema: { tags: ['media'], params: uploadParams, hide: true },
    handler: toTus,
  });
  app.patch(
    `${TUS_PATH}/:uploadId`,
    {
      onRequest: [guard, offsetStreamOnly],
      preHandler: checkOwner(ctx),
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
    toTus,
  );
  app.delete(
    `${TUS_PATH}/:uploadId`,
    {
      onRequest: guard,
      preHandler: checkOwner(ctx),
      schema: {
        tags: ['media'],
        summary: 'Cancel a resumable (tus) upload',
        params: uploadParams,
        response: { 204: z.null() },
      },
    },
    toTus,
  );
};
