import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { certificateRoutes } from './certificates.routes.ts';
import type { ProgressService } from './progress.service.ts';
import { seminarProgressRoutes } from './seminar-progress.routes.ts';
import { videoPositionRoutes } from './video-position.routes.ts';

/**
 * Learning progress, video resume and coverage, completion settings and certificates (issue 16).
 * Contract: docs/api/progress.md.
 */
export const progressRoutes: FastifyPluginAsyncZod<{ progress: ProgressService }> = async (
  app,
  { progress },
) => {
  await app.register(videoPositionRoutes, { progress });
  await app.register(seminarProgressRoutes, { progress });
  await app.register(certificateRoutes, { progress });
};
