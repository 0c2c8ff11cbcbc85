import {
  assignChapterBodySchema,
  createMcTestBodySchema,
  grantRunBodySchema,
  grantRunResultSchema,
  grantTimeBodySchema,
  grantTimeResultSchema,
  idParamsSchema,
  mcTestDtoSchema,
  mcTestListItemSchema,
  mcTestListQuerySchema,
  paginated,
  questionDtoSchema,
  toggleEnabledBodySchema,
  unassignChapterBodySchema,
  updateMcTestBodySchema,
} from '@elearn/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { McTestsService } from './mc-tests.service.ts';

/** A trainer's or admin's tests: list, create, edit, delete, enable, put on a chapter, grant runs. */
export const mcTestManageRoutes: FastifyPluginAsyncZod<{ mcTests: McTestsService }> = async (
  app,
  { mcTests },
) => {
  const owner = app.requireScope('trainer', 'admin');
  const tags = ['mc-tests'];

  app.get(
    '/api/mc_tests',
    {
      onRequest: owner,
      schema: {
        tags,
        querystring: mcTestListQuerySchema,
        response: { 200: paginated(mcTestListItemSchema) },
      },
    },
    async (req) => mcTests.list(req.user!, req.query),
  );
  app.post(
    '/api/mc_tests',
    { onRequest: owner, schema: { tags, body: createMcTestBodySchema, response: { 201: mcTestDtoSchema } } },
    async (req, reply) => reply.code(201).send(await mcTests.create(req.user!, req.body)),
  );
  app.get(
    '/api/mc_tests/:id',
    { onRequest: owner, schema: { tags, params: idParamsSchema, response: { 200: mcTestDtoSchema } } },
    async (req) => mcTests.get(req.user!, req.params.id),
  );
  app.patch(
    '/api/mc_tests/update',
    { onRequest: owner, schema: { tags, body: updateMcTestBodySchema, response: { 200: mcTestDtoSchema } } },
    async (req) => mcTests.update(req.user!, req.body),
  );
  app.delete(
    '/api/mc_tests/:id',
    {
      onRequest: owner,
      schema: {
        tags,
        params: idParamsSchema,
        querystring: z.object({ confirm: z.enum(['0', '1']).optional() }),
        response: { 204: z.null() },
      },
    },
    async (req, reply) => {
      await mcTests.remove(req.user!, req.params.id, req.query.confirm === '1');
      return reply.code(204).send(null);
    },
  );
  app.patch(
    '/api/mc_tests/toggle/enabled',
    { onRequest: owner, schema: { tags, body: toggleEnabledBodySchema, response: { 200: mcTestDtoSchema } } },
    async (req) => mcTests.toggleEnabled(req.user!, req.body.mcTestId),
  );
  app.patch(
    '/api/mc_tests/chapter/assign',
    { onRequest: owner, schema: { tags, body: assignChapterBodySchema, response: { 200: mcTestDtoSchema } } },
    async (req) => mcTests.assign(req.user!, req.body.chapterTest.mcTestId, req.body.chapterTest.chapterId),
  );
  app.patch(
    '/api/mc_tests/chapter/unassign',
    {
      onRequest: owner,
      schema: { tags, body: unassignChapterBodySchema, response: { 200: mcTestDtoSchema } },
    },
    async (req) => mcTests.unassign(req.user!, req.body.chapterTest.mcTestId, req.body.chapterTest.chapterId),
  );
  app.get(
    '/api/mc_tests/:id/questions',
    {
      onRequest: owner,
      schema: { tags, params: idParamsSchema, response: { 200: z.array(questionDtoSchema) } },
    },
    async (req) => mcTests.questions(req.user!, req.params.id),
  );
  app.post(
    '/api/mc_tests/:id/grant-run',
    {
      onRequest: owner,
      schema: {
        tags,
        params: idParamsSchema,
        body: grantRunBodySchema,
        response: { 200: grantRunResultSchema },
      },
    },
    async (req) => mcTests.grantRun(req.user!, req.params.id, req.body.userId),
  );
  app.post(
    '/api/mc_tests/:id/grant-time',
    {
      onRequest: owner,
      schema: {
        tags,
        params: idParamsSchema,
        body: grantTimeBodySchema,
        response: { 200: grantTimeResultSchema },
      },
    },
    async (req) => mcTests.grantTime(req.user!, req.params.id, req.body.userId, req.body.minutes),
  );
};
