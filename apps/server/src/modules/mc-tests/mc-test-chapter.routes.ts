import {
  addTestToChapterBodySchema,
  assignedTestDtoSchema,
  mcTestDtoSchema,
  ownerChapterSchema,
  ownerChaptersQuerySchema,
  removeTestFromChapterBodySchema,
  rules,
} from '@elearn/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { McTestsService } from './mc-tests.service.ts';

/** The tests on chapters: a learner's lists, and the chapter-prefixed test routes of spec section 7. */
export const mcTestChapterRoutes: FastifyPluginAsyncZod<{ mcTests: McTestsService }> = async (
  app,
  { mcTests },
) => {
  const owner = app.requireScope('trainer', 'admin');
  const user = app.requireUser;
  const tags = ['mc-tests'];

  app.get(
    '/api/mc_tests/user/assigned',
    { onRequest: user, schema: { tags, response: { 200: z.array(assignedTestDtoSchema) } } },
    async (req) => mcTests.assigned(req.user!),
  );
  app.get(
    '/api/mc_tests/chapter/:chapterId',
    {
      onRequest: user,
      schema: {
        tags,
        params: z.object({ chapterId: rules.id() }),
        response: { 200: z.array(assignedTestDtoSchema) },
      },
    },
    async (req) => mcTests.onChapter(req.user!, req.params.chapterId),
  );

  // chapter-prefixed test routes of spec section 7 (served here so the chapters module stays apart)
  app.get(
    '/api/chapters/mcTests/owner',
    {
      onRequest: owner,
      schema: {
        tags,
        querystring: ownerChaptersQuerySchema,
        response: { 200: z.array(ownerChapterSchema) },
      },
    },
    async (req) => mcTests.ownerChapters(req.user!, req.query.seminar_id),
  );
  app.patch(
    '/api/chapters/add/test',
    {
      onRequest: owner,
      schema: { tags, body: addTestToChapterBodySchema, response: { 200: mcTestDtoSchema } },
    },
    async (req) =>
      mcTests.assign(req.user!, req.body.mcTestChapter.mcTestId, req.body.mcTestChapter.chapterId),
  );
  app.patch(
    '/api/chapters/remove/test',
    {
      onRequest: owner,
      schema: { tags, body: removeTestFromChapterBodySchema, response: { 200: mcTestDtoSchema } },
    },
    async (req) => mcTests.unassign(req.user!, req.body.mcTestId),
  );
};
