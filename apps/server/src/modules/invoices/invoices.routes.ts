import {
  adminInvoiceExportQuerySchema,
  adminInvoiceQuerySchema,
  camtImportBodySchema,
  camtImportDtoSchema,
  idParamsSchema,
  invoiceDtoSchema,
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

  // pay by invoice (issue 38 item 3): an admin marks an open invoice paid, or imports a camt.054
  app.post(
    '/api/admin/invoices/:id/paid',
    { onRequest: admin, schema: { tags, params: idParamsSchema, response: { 200: invoiceDtoSchema } } },
    async (req) => invoices.markPaid(req.user!, req.params.id),
  );
  const camt = {
    onRequest: admin,
    // a bank file of a few thousand entries; the schema refuses more than 5 MB of XML
    bodyLimit: 6 * 1024 * 1024,
    schema: { tags, body: camtImportBodySchema, response: { 200: camtImportDtoSchema } },
  };
  app.post('/api/admin/invoices/camt054/preview', camt, async (req) => invoices.camt.preview(req.body.xml));
  app.post('/api/admin/invoices/camt054/apply', camt, async (req) =>
    invoices.camt.apply(req.user!, req.body.xml),
  );
};
