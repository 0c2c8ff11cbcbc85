import {
  idParamsSchema,
  pageQuery,
  voucherActiveBodySchema,
  voucherBodySchema,
  voucherCheckBodySchema,
  voucherDtoSchema,
  voucherPageSchema,
  voucherQuoteDtoSchema,
  voucherRedemptionPageSchema,
} from '@elearn/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { tooManyRequests } from '../../errors.ts';
import type { VouchersService } from './vouchers.service.ts';

/** code checks per user and minute (a code is a secret worth money: no guessing in bulk) */
const CHECK_LIMIT = 30;

/** The admins' vouchers and the checkout's check of a code (docs/api/vouchers.md, issue 38 item 5). */
export const voucherRoutes: FastifyPluginAsyncZod<{ vouchers: VouchersService }> = async (
  app,
  { vouchers },
) => {
  const tags = ['vouchers'];
  const onRequest = app.requireScope('admin');

  app.get(
    '/api/admin/vouchers',
    { onRequest, schema: { tags, querystring: pageQuery, response: { 200: voucherPageSchema } } },
    async (req) => vouchers.admin.list(req.query),
  );
  app.post(
    '/api/admin/vouchers',
    { onRequest, schema: { tags, body: voucherBodySchema, response: { 201: voucherDtoSchema } } },
    async (req, reply) => reply.code(201).send(await vouchers.admin.create(req.body)),
  );
  app.get(
    '/api/admin/vouchers/:id',
    { onRequest, schema: { tags, params: idParamsSchema, response: { 200: voucherDtoSchema } } },
    async (req) => vouchers.admin.get(req.params.id),
  );
  app.put(
    '/api/admin/vouchers/:id',
    {
      onRequest,
      schema: { tags, params: idParamsSchema, body: voucherBodySchema, response: { 200: voucherDtoSchema } },
    },
    async (req) => vouchers.admin.update(req.params.id, req.body),
  );
  app.patch(
    '/api/admin/vouchers/:id/active',
    {
      onRequest,
      schema: {
        tags,
        params: idParamsSchema,
        body: voucherActiveBodySchema,
        response: { 200: voucherDtoSchema },
      },
    },
    async (req) => vouchers.admin.setActive(req.params.id, req.body.active),
  );
  app.delete(
    '/api/admin/vouchers/:id',
    { onRequest, schema: { tags, params: idParamsSchema, response: { 204: z.null() } } },
    async (req, reply) => {
      await vouchers.admin.remove(req.params.id);
      return reply.code(204).send(null);
    },
  );
  app.get(
    '/api/admin/vouchers/:id/redemptions',
    {
      onRequest,
      schema: {
        tags,
        params: idParamsSchema,
        querystring: pageQuery,
        response: { 200: voucherRedemptionPageSchema },
      },
    },
    async (req) => vouchers.admin.redemptions(req.params.id, req.query),
  );

  app.post(
    '/api/vouchers/check',
    {
      onRequest: [
        app.requireVerified,
        async (req) => {
          const key = `voucher-check:${req.user!.id}`;
          const { count, resetInSeconds } = await app.rateCounter.hit(key, 60);
          if (count > CHECK_LIMIT * app.config.rateLimitFactor) throw tooManyRequests(resetInSeconds);
        },
      ],
      schema: { tags, body: voucherCheckBodySchema, response: { 200: voucherQuoteDtoSchema } },
    },
    async (req) => vouchers.check(req.user!, req.body),
  );
};
