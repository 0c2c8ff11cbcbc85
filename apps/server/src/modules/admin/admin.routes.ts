import {
  adminAddMemberBodySchema,
  adminCompanyDtoSchema,
  adminCompanyQuerySchema,
  adminMemberDtoSchema,
  adminPaymentDtoSchema,
  adminPaymentQuerySchema,
  adminSeminarDtoSchema,
  adminSeminarQuerySchema,
  adminUserDetailDtoSchema,
  adminUserDtoSchema,
  adminUserQuerySchema,
  auditEntryDtoSchema,
  auditQuerySchema,
  createCompanyBodySchema,
  idParamsSchema,
  messageSchema,
  paginated,
  rules,
  setManagerBodySchema,
  setOwnerBodySchema,
  setScopesBodySchema,
  t,
  updateCompanyBodySchema,
} from '@elearn/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AdminService } from './admin.service.ts';

const memberParams = z.object({ id: rules.id(), userId: rules.id() });
const tags = ['admin'];

/** The admin area (docs/api/admin.md): admins only, every change audited. */
export const adminRoutes: FastifyPluginAsyncZod<{ admin: AdminService }> = async (app, { admin }) => {
  const onRequest = app.requireScope('admin');

  // users
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

  // companies
  app.get(
    '/api/admin/companies',
    {
      onRequest,
      schema: {
        tags,
        querystring: adminCompanyQuerySchema,
        response: { 200: paginated(adminCompanyDtoSchema) },
      },
    },
    async (req) => admin.companies(req.query),
  );
  app.post(
    '/api/admin/companies',
    { onRequest, schema: { tags, body: createCompanyBodySchema, response: { 201: adminCompanyDtoSchema } } },
    async (req, reply) => reply.code(201).send(await admin.createCompany(req.user!, req.body)),
  );
  app.get(
    '/api/admin/companies/:id',
    { onRequest, schema: { tags, params: idParamsSchema, response: { 200: adminCompanyDtoSchema } } },
    async (req) => admin.company(req.params.id),
  );
  app.patch(
    '/api/admin/companies/:id',
    {
      onRequest,
      schema: {
        tags,
        params: idParamsSchema,
        body: updateCompanyBodySchema,
        response: { 200: adminCompanyDtoSchema },
      },
    },
    async (req) => admin.updateCompany(req.user!, req.params.id, req.body),
  );
  app.delete(
    '/api/admin/companies/:id',
    { onRequest, schema: { tags, params: idParamsSchema, response: { 204: z.null() } } },
    async (req, reply) => {
      await admin.deleteCompany(req.user!, req.params.id);
      return reply.code(204).send(null);
    },
  );
  app.get(
    '/api/admin/companies/:id/members',
    { onRequest, schema: { tags, params: idParamsSchema, response: { 200: z.array(adminMemberDtoSchema) } } },
    async (req) => admin.members(req.params.id),
  );
  app.post(
    '/api/admin/companies/:id/members',
    {
      onRequest,
      schema: {
        tags,
        params: idParamsSchema,
        body: adminAddMemberBodySchema,
        response: { 201: adminMemberDtoSchema },
      },
    },
    async (req, reply) => reply.code(201).send(await admin.addMember(req.user!, req.params.id, req.body)),
  );
  app.patch(
    '/api/admin/companies/:id/members/:userId',
    {
      onRequest,
      schema: {
        tags,
        params: memberParams,
        body: setManagerBodySchema,
        response: { 200: adminMemberDtoSchema },
      },
    },
    async (req) => admin.setManager(req.user!, req.params.id, req.params.userId, req.body.manager),
  );
  app.delete(
    '/api/admin/companies/:id/members/:userId',
    { onRequest, schema: { tags, params: memberParams, response: { 204: z.null() } } },
    async (req, reply) => {
      await admin.removeMember(req.user!, req.params.id, req.params.userId);
      return reply.code(204).send(null);
    },
  );

  // seminars, payments, audit
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
