import {
  adminUserDetailDtoSchema,
  adminUserDtoSchema,
  adminUserQuerySchema,
  idParamsSchema,
  messageSchema,
  paginated,
  setScopesBodySchema,
  t,
} from '@elearn/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AdminRoutesOptions, tags } from './admin.route-options.ts';

/** users: the list, one user, scopes, disabling, mails */
export const adminUserRoutes: FastifyPluginAsyncZod<AdminRoutesOptions> = async (app, { admin }) => {
  const onRequest = app.requireScope('admin');

  app.get(
    '/api/admin/users',
    {
      onRequest,
      schema: { tags, querystring: adminUserQuerySchema, response: { 200: paginated(adminUserDtoSchema) } },
    },
    async (req) => admin.users(req.query),
  );
  app.get(
    '/api/admin/users/:id',
    { onRequest, schema: { tags, params: idParamsSchema, response: { 200: adminUserDetailDtoSchema } } },
    async (req) => admin.user(req.params.id),
  );
  app.patch(
    '/api/admin/users/:id/scopes',
    {
      onRequest,
      schema: {
        tags,
        params: idParamsSchema,
        body: setScopesBodySchema,
        response: { 200: adminUserDtoSchema },
      },
    },
    async (req) => admin.setScopes(req.user!, req.params.id, req.body.scopes),
  );
  app.post(
    '/api/admin/users/:id/disable',
    { onRequest, schema: { tags, params: idParamsSchema, response: { 200: adminUserDtoSchema } } },
    async (req) => admin.setDisabled(req.user!, req.params.id, true),
  );
  app.post(
    '/api/admin/users/:id/enable',
    { onRequest, schema: { tags, params: idParamsSchema, response: { 200: adminUserDtoSchema } } },
    async (req) => admin.setDisabled(req.user!, req.params.id, false),
  );
  app.post(
    '/api/admin/users/:id/verification',
    { onRequest, schema: { tags, params: idParamsSchema, response: { 202: messageSchema } } },
    async (req, reply) => {
      await admin.resendVerification(req.user!, req.params.id);
      return reply.code(202).send({ message: t(req.locale, 'admin.mail_sent') });
    },
  );
  app.post(
    '/api/admin/users/:id/password-reset',
    { onRequest, schema: { tags, params: idParamsSchema, response: { 202: messageSchema } } },
    async (req, reply) => {
      await admin.startPasswordReset(req.user!, req.params.id);
      return reply.code(202).send({ message: t(req.locale, 'admin.mail_sent') });
    },
  );
};
