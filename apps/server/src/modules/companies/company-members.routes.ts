import {
  addMemberBodySchema,
  companyDtoSchema,
  companySeminarDtoSchema,
  employeePageSchema,
  employeesQuerySchema,
  idParamsSchema,
  memberInvitationAcceptedSchema,
  memberInvitationDtoSchema,
  memberInvitationInfoSchema,
  messageSchema,
  rules,
  t,
} from '@elearn/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { tags, tokenParams } from './companies.route-params.ts';
import type { CompaniesService } from './companies.service.ts';

/** The caller's companies, their seminars and members, and members invited by e-mail. */
export const companyMemberRoutes: FastifyPluginAsyncZod<{ companies: CompaniesService }> = async (
  app,
  { companies },
) => {
  const user = app.requireUser;

  app.get(
    '/api/companies',
    { onRequest: user, schema: { tags, response: { 200: z.array(companyDtoSchema) } } },
    async (req) => companies.list(req.user!),
  );
  app.get(
    '/api/companies/by-name/:name',
    {
      onRequest: user,
      schema: {
        tags,
        params: z.object({ name: z.string().min(1).max(100) }),
        response: { 200: companyDtoSchema },
      },
    },
    async (req) => companies.byName(req.user!, req.params.name),
  );
  app.get(
    '/api/companies/:id/seminars',
    {
      onRequest: user,
      schema: { tags, params: idParamsSchema, response: { 200: z.array(companySeminarDtoSchema) } },
    },
    async (req) => companies.seminars(req.user!, req.params.id),
  );
  app.get(
    '/api/companies/:id/users',
    {
      onRequest: user,
      schema: {
        tags,
        params: idParamsSchema,
        querystring: employeesQuerySchema,
        response: { 200: employeePageSchema },
      },
    },
    async (req) => companies.employees(req.user!, req.params.id, req.query),
  );
  // members by e-mail: an invitation the holder of the address accepts (the same answer for every address)
  app.post(
    '/api/companies/:id/members',
    {
      onRequest: user,
      schema: { tags, params: idParamsSchema, body: addMemberBodySchema, response: { 202: messageSchema } },
    },
    async (req, reply) => {
      const { email } = req.body;
      await companies.inviteMember(req.user!, req.params.id, email, req.locale);
      return reply.code(202).send({ message: t(req.locale, 'company.member_invited', { email }) });
    },
  );
  app.get(
    '/api/companies/:id/member-invitations',
    {
      onRequest: user,
      schema: { tags, params: idParamsSchema, response: { 200: z.array(memberInvitationDtoSchema) } },
    },
    async (req) => companies.memberInvitations(req.user!, req.params.id),
  );
  app.delete(
    '/api/companies/:id/member-invitations/:invitationId',
    {
      onRequest: user,
      schema: {
        tags,
        params: z.object({ id: rules.id(), invitationId: rules.id() }),
        response: { 204: z.null() },
      },
    },
    async (req, reply) => {
      await companies.revokeMemberInvitation(req.user!, req.params.id, req.params.invitationId);
      return reply.code(204).send(null);
    },
  );
  app.get(
    '/api/companies/member-invitations/:token',
    { schema: { tags, params: tokenParams, response: { 200: memberInvitationInfoSchema } } },
    async (req) => companies.memberInvitationInfo(req.params.token, req.ip),
  );
  app.post(
    '/api/companies/member-invitations/:token/accept',
    {
      onRequest: app.requireVerified,
      schema: { tags, params: tokenParams, response: { 200: memberInvitationAcceptedSchema } },
    },
    async (req) => {
      const company = await companies.acceptMemberInvitation(req.user!, req.params.token, req.ip);
      return { message: t(req.locale, 'company.invitation_accepted', { company: company.name }), company };
    },
  );
  app.delete(
    '/api/companies/:id/members/:userId',
    {
      onRequest: user,
      schema: {
        tags,
        params: z.object({ id: rules.id(), userId: rules.id() }),
        response: { 204: z.null() },
      },
    },
    async (req, reply) => {
      await companies.removeMember(req.user!, req.params.id, req.params.userId);
      return reply.code(204).send(null);
    },
  );
};
