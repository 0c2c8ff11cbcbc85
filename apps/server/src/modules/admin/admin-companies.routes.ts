import {
  adminAddMemberBodySchema,
  adminCompanyDtoSchema,
  adminCompanyQuerySchema,
  adminMemberDtoSchema,
  adminMemberPageSchema,
  adminMembersQuerySchema,
  createCompanyBodySchema,
  idParamsSchema,
  paginated,
  rules,
  setManagerBodySchema,
  updateCompanyBodySchema,
} from '@elearn/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AdminRoutesOptions, tags } from './admin.route-options.ts';

const memberParams = z.object({ id: rules.id(), userId: rules.id() });

/** companies and their members */
export const adminCompanyRoutes: FastifyPluginAsyncZod<AdminRoutesOptions> = async (app, { admin }) => {
  const onRequest = app.requireScope('admin');

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
    {
      onRequest,
      schema: {
        tags,
        params: idParamsSchema,
        querystring: adminMembersQuerySchema,
        response: { 200: adminMemberPageSchema },
      },
    },
    async (req) => admin.members(req.params.id, req.query),
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
};
