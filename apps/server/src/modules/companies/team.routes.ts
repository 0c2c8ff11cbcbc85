import {
  assignmentDueSchema,
  dueDateBodySchema,
  idParamsSchema,
  teamPageSchema,
  teamQuerySchema,
} from '@elearn/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { tags } from './companies.route-params.ts';
import type { CompaniesService } from './companies.service.ts';

/**
 * Due dates of assignments and the company's team view with its Excel export (issue 36 items 5
 * and 7; docs/api/companies.md): the company's managers and admins only.
 */
export const teamRoutes: FastifyPluginAsyncZod<{ companies: CompaniesService }> = async (
  app,
  { companies },
) => {
  const user = app.requireUser;

  app.put(
    '/api/companies/:id/assignments/due-date',
    {
      onRequest: user,
      schema: {
        tags,
        params: idParamsSchema,
        body: dueDateBodySchema,
        response: { 200: assignmentDueSchema },
      },
    },
    async (req) => companies.setDueDate(req.user!, req.params.id, req.body),
  );
  app.get(
    '/api/companies/:id/team',
    {
      onRequest: user,
      schema: {
        tags,
        params: idParamsSchema,
        querystring: teamQuerySchema,
        response: { 200: teamPageSchema },
      },
    },
    async (req) => companies.team(req.user!, req.params.id, req.query),
  );
  app.get(
    '/api/companies/:id/team/export',
    { onRequest: user, schema: { tags, params: idParamsSchema, querystring: teamQuerySchema } },
    async (req, reply) => companies.exportTeam(req.user!, req.params.id, req.query, req.locale, reply),
  );
};
