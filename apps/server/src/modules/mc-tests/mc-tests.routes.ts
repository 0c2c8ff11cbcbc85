import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mcTestChapterRoutes } from './mc-test-chapter.routes.ts';
import { mcTestManageRoutes } from './mc-test-manage.routes.ts';
import type { McTestsService } from './mc-tests.service.ts';

/**
 * Tests (spec section 7 "Tests, questions, answers" and the chapter-prefixed test routes, paths
 * verbatim), plus `GET /api/mc_tests/{id}`, `/chapter/{chapterId}` and `/{id}/grant-run`.
 * Two groups, registered in this order: the managers' routes, then the tests on chapters.
 */
export const mcTestRoutes: FastifyPluginAsyncZod<{ mcTests: McTestsService }> = async (app, opts) => {
  await app.register(mcTestManageRoutes, opts);
  await app.register(mcTestChapterRoutes, opts);
};
