import {
  adminPaymentDtoSchema,
  adminPaymentQuerySchema,
  adminSeminarDtoSchema,
  adminSeminarQuerySchema,
  auditEntryDtoSchema,
  auditQuerySchema,
  idParamsSchema,
  paginated,
  setOwnerBodySchema,
} from '@elearn/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AdminRoutesOptions, tags } from './admin.route-options.ts';

/** seminars (their owner), payments, the audit trail */
export const adminSeminarAndReportRoutes: FastifyPluginAsyncZod<AdminRoutesOptions> = async (
  app,
  { admin },
) => {
  const onRequest = app.requireScope('admin');

  app.get(
    '/api/admin/seminars',
    {
      onRequest,
      schema: {
        tags,
        querystring: adminSeminarQuerySchema,
        response: { 200: paginated(adminSeminarDtoSchema) },
      },
    },
    async (req) => admin.seminars(req.query),
  );
  app.patch(
    '/api/admin/seminars/:id/owner',
    {
      onRequest,
      schema: {
        tags,
        params: idParamsSchema,
        body: setOwnerBodySchema,
        response: { 200: adminSeminarDtoSchema },
      },
    },
    async (req) => admin.setSeminarOwner(req.user!, req.params.id, req.body.owner_id),
  );
  app.get(
    '/api/admin/payments',
    {
      onRequest,
      schema: {
        tags,
        querystring: adminPaymentQuerySchema,
        response: { 200: paginated(adminPaymentDtoSchema) },
      },
    },
    async (req) => admin.payments(req.query),
  );
  app.get(
    '/api/admin/audit',
    {
      onRequest,
      schema: { tags, querystring: auditQuerySchema, response: { 200: paginated(auditEntryDtoSchema) } },
    },
    async (req) => admin.audit(req.query),
  );
};
