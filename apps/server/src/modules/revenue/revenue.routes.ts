import { revenueDtoSchema, revenueQuerySchema } from '@elearn/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RevenueService } from './revenue.service.ts';

/** The admins' revenue overview and its export (docs/api/revenue.md, issue 38 item 7). */
export const revenueRoutes: FastifyPluginAsyncZod<{ revenue: RevenueService }> = async (app, { revenue }) => {
  const tags = ['invoices'];
  const admin = app.requireScope('admin');

  app.get(
    '/api/admin/revenue',
    {
      onRequest: admin,
      schema: { tags, querystring: revenueQuerySchema, response: { 200: revenueDtoSchema } },
    },
    async (req) => revenue.overview(req.query),
  );
  app.get(
    '/api/admin/revenue/export',
    { onRequest: admin, schema: { tags, querystring: revenueQuerySchema } },
    async (req, reply) => revenue.export(req.query, req.locale, reply),
  );
};
