import { idParamsSchema, videoPositionBodySchema } from '@elearn/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ProgressService } from './progress.service.ts';

/**
 * The player's saves of where a learner is in a video (part of progressRoutes, registered as its
 * own scope): JSON from fetch, or a beacon (JSON sent as text/plain, the CSRF token in the body's
 * `xsrf`, docs/decisions.md issue 16); a parser for text/plain in this route only
 */
export const videoPositionRoutes: FastifyPluginAsyncZod<{ progress: ProgressService }> = async (
  app,
  { progress },
) => {
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, app.getDefaultJsonParser('error', 'error'));
  app.post(
    '/api/progress/videos/:id/position',
    {
      onRequest: app.requireUser,
      config: { csrfBodyField: 'xsrf' },
      bodyLimit: 16 * 1024,
      schema: {
        tags: ['progress'],
        params: idParamsSchema,
        body: videoPositionBodySchema,
        response: { 204: z.null() },
      },
    },
    async (req, reply) => {
      await progress.savePosition(req.user!, req.params.id, req.body);
      return reply.code(204).send(null);
    },
  );
};
