import {
  idParamsSchema,
  ownRefundDtoSchema,
  paymentRefundsDtoSchema,
  refundBodySchema,
  refundDtoSchema,
} from '@elearn/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { PaymentsService } from './payments.service.ts';

/**
 * Refunds (issue 38 item 6; docs/api/payments.md): an admin refunds a paid payment (the whole
 * amount left, an amount, or one invoice line) and sees its refunds; a buyer sees their refunds.
 */
export const refundRoutes: FastifyPluginAsyncZod<{ payments: PaymentsService }> = async (
  app,
  { payments },
) => {
  const admin = app.requireScope('admin');

  app.post(
    '/api/admin/payments/:id/refunds',
    {
      onRequest: admin,
      schema: {
        tags: ['admin'],
        params: idParamsSchema,
        body: refundBodySchema,
        response: { 201: refundDtoSchema },
      },
    },
    async (req, reply) =>
      reply.code(201).send(await payments.refunds.create(req.user!, req.params.id, req.body)),
  );

  app.get(
    '/api/admin/payments/:id/refunds',
    {
      onRequest: admin,
      schema: { tags: ['admin'], params: idParamsSchema, response: { 200: paymentRefundsDtoSchema } },
    },
    async (req) => payments.refunds.ofPayment(req.params.id),
  );

  app.get(
    '/api/payments/refunds',
    {
      onRequest: app.requireUser,
      schema: { tags: ['payments'], response: { 200: z.object({ items: z.array(ownRefundDtoSchema) }) } },
    },
    async (req) => payments.refunds.own(req.user!),
  );
};
