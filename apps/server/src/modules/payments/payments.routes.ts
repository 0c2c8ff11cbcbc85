import {
  bookingPaymentDtoSchema,
  bookNowBodySchema,
  checkoutDtoSchema,
  idParamsSchema,
  pageQuery,
  paginated,
  paymentDtoSchema,
  testCheckoutDtoSchema,
  testSettleBodySchema,
  testSettleResultSchema,
  webhookBodySchema,
} from '@elearn/shared';
import fastifyFormbody from '@fastify/formbody';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { tooManyRequests } from '../../errors.ts';
import { ProviderUnavailableError } from './payments.provider.ts';
import { type PaymentsService, paymentUnavailable } from './payments.service.ts';

/** The webhook's paths: the one given to Mollie, and its alias under /api. */
export const WEBHOOK_PATHS = ['/payment/mollie/webhook', '/api/payments/webhook'] as const;
/** webhook deliveries per IP and minute (Mollie retries what we refuse) */
const WEBHOOK_LIMIT = 600;

const testPaymentParams = z.object({ paymentId: z.string().regex(/^tr_[A-Za-z0-9]{1,64}$/) });

/**
 * Paid bookings (spec section 7: `POST /api/booking/now`, `GET /api/payments/status/`), the
 * provider's webhook, the booking status for the redirect/completed/canceled pages and the
 * built-in test checkout.
 */
export const paymentRoutes: FastifyPluginAsyncZod<{ payments: PaymentsService }> = async (
  app,
  { payments },
) => {
  if (payments.provider) app.log.info({ provider: payments.provider.name }, 'payments provider');
  else app.log.warn('MOLLIE_API_KEY is not set: paid bookings are switched off in production');

  app.post(
    '/api/booking/now',
    {
      onRequest: app.requireVerified,
      schema: {
        tags: ['payments'],
        body: bookNowBodySchema,
        response: { 200: checkoutDtoSchema, 201: checkoutDtoSchema },
      },
    },
    async (req, reply) => {
      const { checkout, created } = await payments.bookNow(req.user!, req.body.seminarId, req.locale, {
        appUrl: req.appUrl,
        voucherCode: req.body.voucherCode,
      });
      return reply.code(created ? 201 : 200).send(checkout);
    },
  );

  app.get(
    '/api/payments/status',
    {
      onRequest: app.requireUser,
      schema: { tags: ['payments'], querystring: pageQuery, response: { 200: paginated(paymentDtoSchema) } },
    },
    async (req) => payments.listOwn(req.user!, req.query),
  );

  app.get(
    '/api/payments/booking/:id',
    {
      onRequest: app.requireUser,
      schema: { tags: ['payments'], params: idParamsSchema, response: { 200: bookingPaymentDtoSchema } },
    },
    async (req) => payments.bookingStatus(req.user!, req.params.id),
  );

  app.post(
    '/api/payments/booking/:id/sync',
    {
      onRequest: app.requireUser,
      schema: { tags: ['payments'], params: idParamsSchema, response: { 200: bookingPaymentDtoSchema } },
    },
    async (req) => payments.syncBooking(req.user!, req.params.id),
  );

  app.get(
    '/api/payments/test-checkout/:paymentId',
    {
      onRequest: app.requireUser,
      schema: { tags: ['payments'], params: testPaymentParams, response: { 200: testCheckoutDtoSchema } },
    },
    async (req) => payments.testCheckout(req.user!, req.params.paymentId),
  );

  app.post(
    '/api/payments/test-checkout/:paymentId',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['payments'],
        params: testPaymentParams,
        body: testSettleBodySchema,
        response: { 200: testSettleResultSchema },
      },
    },
    async (req) => payments.settleTestPayment(req.user!, req.params.paymentId, req.body.action),
  );

  // The webhook: Mollie posts `id=tr_…` (form) and sends no CSRF token, so it is the one route
  // exempt from CSRF. It never trusts its body: the payment is fetched from the provider.
  await app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    scope.removeAllContentTypeParsers();
    await scope.register(fastifyFormbody, { bodyLimit: 1024 });
    for (const url of WEBHOOK_PATHS) {
      scope.post(
        url,
        {
          config: { csrf: false },
          bodyLimit: 1024,
          onRequest: async (req) => {
            const { count, resetInSeconds } = await app.rateCounter.hit(`payment-webhook:${req.ip}`, 60);
            if (count > WEBHOOK_LIMIT * app.config.rateLimitFactor) throw tooManyRequests(resetInSeconds);
          },
          schema: {
            tags: ['payments'],
            consumes: ['application/x-www-form-urlencoded'],
            body: webhookBodySchema,
            response: { 200: z.object({ message: z.string() }) },
          },
        },
        async (req) => {
          try {
            await payments.handleWebhook(req.body.id);
          } catch (err) {
            // non-2xx: Mollie delivers again later
            if (err instanceof ProviderUnavailableError) {
              req.log.warn({ err }, 'webhook: payment provider unavailable');
              throw paymentUnavailable();
            }
            throw err;
          }
          return { message: 'ok' };
        },
      );
    }
  });
};
