import {
  companyAddressBodySchema,
  companyAddressDtoSchema,
  companyInvoiceCheckoutBodySchema,
  idParamsSchema,
  invoiceCheckoutDtoSchema,
  payByInvoiceBodySchema,
  payByInvoiceDtoSchema,
} from '@elearn/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PaymentsService } from '../payments/payments.service.ts';
import { tags } from './companies.route-params.ts';
import type { CompaniesService } from './companies.service.ts';

/**
 * Pay by invoice (issue 38 item 3; docs/api/invoices.md): an admin enables it per company, its
 * managers read it for their checkout and book a priced seminar for the company on account. The
 * company's postal address on its invoices (issue 38): its managers and admins.
 */
export const companyBillingRoutes: FastifyPluginAsyncZod<{
  companies: CompaniesService;
  payments: PaymentsService;
}> = async (app, { companies, payments }) => {
  app.get(
    '/api/companies/:id/pay-by-invoice',
    {
      onRequest: app.requireUser,
      schema: { tags, params: idParamsSchema, response: { 200: payByInvoiceDtoSchema } },
    },
    async (req) => companies.payByInvoice.get(req.user!, req.params.id),
  );
  app.put(
    '/api/admin/companies/:id/pay-by-invoice',
    {
      onRequest: app.requireScope('admin'),
      schema: {
        tags,
        params: idParamsSchema,
        body: payByInvoiceBodySchema,
        response: { 200: payByInvoiceDtoSchema },
      },
    },
    async (req) => companies.payByInvoice.set(req.user!, req.params.id, req.body.enabled),
  );
  app.post(
    '/api/companies/booking/invoice',
    {
      onRequest: app.requireVerified,
      schema: { tags, body: companyInvoiceCheckoutBodySchema, response: { 201: invoiceCheckoutDtoSchema } },
    },
    async (req, reply) => {
      await companies.payByInvoice.check(req.user!, req.body);
      const result = await payments.bookByInvoice(req.user!, req.body.seminarId, {
        companyId: req.body.companyId,
        reference: req.body.reference ?? null,
        // a voucher with the caps and validity of the card path (issue 38 item 5)
        voucherCode: req.body.voucherCode,
      });
      return reply.code(201).send(result);
    },
  );
  app.get(
    '/api/companies/:id/address',
    {
      onRequest: app.requireUser,
      schema: { tags, params: idParamsSchema, response: { 200: companyAddressDtoSchema } },
    },
    async (req) => companies.address.get(req.user!, req.params.id),
  );
  app.put(
    '/api/companies/:id/address',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        params: idParamsSchema,
        body: companyAddressBodySchema,
        response: { 200: companyAddressDtoSchema },
      },
    },
    async (req) => companies.address.set(req.user!, req.params.id, req.body),
  );
};
