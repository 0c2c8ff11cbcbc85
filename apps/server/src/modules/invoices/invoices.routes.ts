import {
  adminInvoiceExportQuerySchema,
  adminInvoiceQuerySchema,
  idParamsSchema,
  invoicePageSchema,
  pageQuery,
  sellerSettingsBodySchema,
  sellerSettingsDtoSchema,
} from '@elearn/shared';
import contentDisposition from 'content-disposition';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { InvoicesService } from './invoices.service.ts';

/** The seller settings, invoices and credit notes (docs/api/invoices.md, issue 38). */
export const invoiceRoutes: FastifyPluginAsyncZod<{ invoices: InvoicesService }> = async (
  app,
  { invoices },
) => {
  const tags = ['invoices'];
  const admin = app.requireScope('admin');

  app.get(
    '/api/admin/seller',
    { onRequest: admin, schema: { tags, response: { 200: sellerSettingsDtoSchema } } },
    async () => invoices.seller.get(),
  );
  app.put(
    '/api/admin/seller',
    {
      onRequest: admin,
      schema: { tags, body: sellerSettingsBodySchema, response: { 200: sellerSettingsDtoSchema } },
    },
    async (req) => invoices.seller.put(req.user!, req.body),
  );
  app.get(
    '/api/me/invoices',
    {
      onRequest: app.requireUser,
      schema: { tags, querystring: pageQuery, response: { 200: invoicePageSchema } },
    },
    async (req) => invoices.listOwn(req.user!, req.query),
  );
  app.get(
    '/api/invoices/:id/pdf',
    { onRequest: app.requireUser, schema: { tags, params: idParamsSchema } },
    async (req, reply) => {
      const file = await invoices.pdf(req.user!, req.params.id);
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', contentDisposition(file.fileName))
        .header('Cache-Control', 'private, no-store')
        .header('X-Content-Type-Options', 'nosniff')
        .send(file.body);
    },
  );
  app.get(
    '/api/admin/invoices',
    {
      onRequest: admin,
      schema: { tags, querystring: adminInvoiceQuerySchema, response: { 200: invoicePageSchema } },
    },
    async (req) => invoices.adminList(req.query),
  );
  app.get(
    '/api/admin/invoices/export',
    { onRequest: admin, schema: { tags, querystring: adminInvoiceExportQuerySchema } },
    async (req, reply) => invoices.export(req.query, req.locale, reply),
  );
};
