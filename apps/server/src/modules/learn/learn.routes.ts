import {
  idParamsSchema,
  type LearnDashboard,
  learnDashboardSchema,
  seminarVisitBodySchema,
} from '@elearn/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { LearnService } from './learn.service.ts';

/** "Mein Lernen" and the player's record of the chapter opened last (issue 36). Contract: docs/api/learn.md. */
export const learnRoutes: FastifyPluginAsyncZod<{ learn: LearnService }> = async (app, { learn }) => {
  const tags = ['learn'];
  app.get(
    '/api/learn',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        description:
          'Held seminars with progress, the place to continue and due dates; the tests in them; deadlines within 7 days or overdue; certificates of the last 30 days; the teams the caller manages.',
        response: { 200: learnDashboardSchema },
      },
    },
    // the dashboard comes as JSON text kept as it was sent (Fastify sends a string as it is; its shape
    // is the schema's, checked against every answer of the API suite)
    async (req, reply) =>
      reply
        .type('application/json; charset=utf-8')
        .send((await learn.dashboard(req.user!)) as unknown as LearnDashboard),
  );
  app.put(
    '/api/seminars/:id/visit',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        description:
          "The player calls this when a learner opens a chapter: it becomes the seminar's continue target. 403 when the caller may not play the seminar or the chapter is locked; 422 when the chapter is not one of the seminar.",
        params: idParamsSchema,
        body: seminarVisitBodySchema,
        response: { 204: z.null() },
      },
    },
    async (req, reply) => {
      await learn.visit(req.user!, req.params.id, req.body);
      return reply.code(204).send(null);
    },
  );
};
