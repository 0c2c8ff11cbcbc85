import {
  idParamsSchema,
  seatPackageDtoSchema,
  seatPurchaseBodySchema,
  seatPurchaseResultSchema,
} from '@elearn/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { PaymentsService } from '../payments/payments.service.ts';
import { tags } from './companies.route-params.ts';
import type { CompaniesService } from './companies.service.ts';

/**
 * Seat packages (issue 38 item 4; docs/api/companies.md): a manager buys N seats of a priced
 * seminar and pays by card (the payments checkout) or, when an admin enabled it for the company,
 * by invoice (an open invoice with a QR-bill); the seats are assigned through
 * `POST /api/companies/assign-seminar`.
 */
export const seatPackageRoutes: FastifyPluginAsyncZod<{
  companies: CompaniesService;
  payments: PaymentsService;
}> = async (app, { companies, payments }) => {
  app.post(
    '/api/companies/seat-packages',
    {
      onRequest: app.requireVerified,
      schema: { tags, body: seatPurchaseBodySchema, response: { 201: seatPurchaseResultSchema } },
    },
    async (req, reply) => {
      const actor = req.user!;
      const { pkg, seminar } = await companies.seatPackages.start(actor, req.body);
      const purchase = {
        packageId: pkg.id,
        companyId: pkg.companyId,
        seminarId: seminar.id,
        seminarTitle: seminar.title,
        quantity: pkg.seatsBought,
        unitPrice: pkg.unitPrice,
        reference: req.body.reference ?? null,
        // by invoice only (the body's schema refuses one with `pay_by: 'card'`; issue 38 item 5)
        voucherCode: req.body.voucherCode,
      };
      if (req.body.pay_by === 'invoice') {
        // on account: an open invoice with its QR-bill, no provider asked (issue 38 item 3)
        const { invoice } = await payments.bookSeatsByInvoice(actor, purchase);
        const dto = await companies.seatPackages.dto(pkg, seminar);
        return reply.code(201).send({ package: dto, checkout: null, invoice });
      }
      const checkout = await payments.bookSeats(actor, purchase, req.locale, req.appUrl);
      return reply.code(201).send({ package: await companies.seatPackages.dto(pkg, seminar), checkout });
    },
  );
  app.get(
    '/api/companies/:id/seat-packages',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        params: idParamsSchema,
        querystring: z.object({ seminar_id: z.coerce.number().int().positive().optional() }),
        response: { 200: z.array(seatPackageDtoSchema) },
      },
    },
    async (req) => companies.seatPackages.list(req.user!, req.params.id, req.query.seminar_id),
  );
};
