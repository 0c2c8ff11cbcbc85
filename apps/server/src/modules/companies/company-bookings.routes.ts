import {
  assignBodySchema,
  assignResultSchema,
  assignSeminarBodySchema,
  checkoutDtoSchema,
  companyAssignmentPageSchema,
  companyAssignmentsQuerySchema,
  companyBookingBodySchema,
  companyBookingDtoSchema,
  companyCardCheckoutBodySchema,
  idParamsSchema,
  pageQuery,
  seminarCompanyRowSchema,
  seminarDtoSchema,
  unassignResultSchema,
} from '@elearn/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { PaymentsService } from '../payments/payments.service.ts';
import { tags } from './companies.route-params.ts';
import type { CompaniesService } from './companies.service.ts';

/** Company bookings (free, or paid through payments) and the assignment of employees. */
export const companyBookingRoutes: FastifyPluginAsyncZod<{
  companies: CompaniesService;
  payments: PaymentsService;
}> = async (app, { companies, payments }) => {
  const user = app.requireUser;

  // company bookings and assignments
  app.post(
    '/api/companies/booking/free',
    {
      onRequest: app.requireVerified,
      schema: {
        tags,
        body: companyBookingBodySchema,
        response: { 200: companyBookingDtoSchema, 201: companyBookingDtoSchema },
      },
    },
    async (req, reply) => {
      const { booking, created } = await companies.bookFree(req.user!, req.body);
      return reply.code(created ? 201 : 200).send(booking);
    },
  );
  app.post(
    '/api/companies/booking/now',
    {
      onRequest: app.requireVerified,
      schema: {
        tags,
        body: companyCardCheckoutBodySchema,
        response: { 200: checkoutDtoSchema, 201: checkoutDtoSchema },
      },
    },
    async (req, reply) => {
      await companies.checkPurchase(req.user!, req.body);
      const { checkout, created } = await payments.bookNow(req.user!, req.body.seminarId, req.locale, {
        forCompanyId: req.body.companyId,
        reference: req.body.reference,
        appUrl: req.appUrl,
        // a voucher with the caps and validity of a person's checkout (issue 38 item 5)
        voucherCode: req.body.voucherCode,
      });
      return reply.code(created ? 201 : 200).send(checkout);
    },
  );
  app.get(
    '/api/companies/seminars/booked',
    { onRequest: user, schema: { tags, response: { 200: z.array(companyBookingDtoSchema) } } },
    async (req) => companies.bookedForCaller(req.user!),
  );
  app.post(
    '/api/companies/assign-seminar',
    {
      onRequest: user,
      schema: { tags, body: assignSeminarBodySchema, response: { 200: assignResultSchema } },
    },
    async (req) => companies.assign(req.user!, req.body),
  );
  app.post(
    '/api/companies/unassign-seminar',
    { onRequest: user, schema: { tags, body: assignBodySchema, response: { 200: unassignResultSchema } } },
    async (req) => companies.unassign(req.user!, req.body),
  );
  app.get(
    '/api/seminars/:id/companies',
    {
      onRequest: user,
      schema: { tags, params: idParamsSchema, response: { 200: z.array(seminarCompanyRowSchema) } },
    },
    async (req) => companies.seminarCompanies(req.user!, req.params.id),
  );
  app.get(
    '/api/seminars/:id/users/booked-company',
    {
      onRequest: user,
      schema: {
        tags,
        params: idParamsSchema,
        querystring: companyAssignmentsQuerySchema,
        response: { 200: companyAssignmentPageSchema },
      },
    },
    async (req) => companies.bookedCompanyUsers(req.user!, req.params.id, req.query),
  );
  app.get(
    '/api/seminars/users-company/booked',
    {
      onRequest: app.requireScope('trainer', 'admin'),
      schema: { tags, querystring: pageQuery, response: { 200: z.array(seminarDtoSchema) } },
    },
    // a page of the seminars, each with its first assigned employees (issue 39; docs/decisions/seminars.md)
    async (req) =>
      companies.ownedWithCompanyBookings(req.user!, {
        limit: req.query.per_page,
        offset: (req.query.page - 1) * req.query.per_page,
      }),
  );
};
