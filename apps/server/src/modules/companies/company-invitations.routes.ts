import {
  companyRegisterBodySchema,
  idParamsSchema,
  invitationBodySchema,
  invitationCreatedSchema,
  invitationInfoSchema,
  invitationStateSchema,
  messageSchema,
  t,
} from '@elearn/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { tags, tokenParams } from './companies.route-params.ts';
import type { CompaniesService } from './companies.service.ts';

/** The invitation link for new employees: made by a manager, used to register into the company. */
export const companyInvitationRoutes: FastifyPluginAsyncZod<{ companies: CompaniesService }> = async (
  app,
  { companies },
) => {
  const user = app.requireUser;

  // invitations of new employees
  app.post(
    '/api/companies/:id/invitation',
    {
      onRequest: user,
      schema: {
        tags,
        params: idParamsSchema,
        body: invitationBodySchema,
        response: { 201: invitationCreatedSchema },
      },
    },
    async (req, reply) =>
      reply
        .code(201)
        .send(await companies.createInvitation(req.user!, req.params.id, req.body.expires_in_days)),
  );
  app.get(
    '/api/companies/:id/invitation',
    { onRequest: user, schema: { tags, params: idParamsSchema, response: { 200: invitationStateSchema } } },
    async (req) => companies.invitationState(req.user!, req.params.id),
  );
  app.delete(
    '/api/companies/:id/invitation',
    { onRequest: user, schema: { tags, params: idParamsSchema, response: { 204: z.null() } } },
    async (req, reply) => {
      await companies.revokeInvitation(req.user!, req.params.id);
      return reply.code(204).send(null);
    },
  );
  app.get(
    '/api/companies/invitations/:token',
    { schema: { tags, params: tokenParams, response: { 200: invitationInfoSchema } } },
    async (req) => companies.invitationInfo(req.params.token, req.ip),
  );
  app.post(
    '/api/companies/register',
    { schema: { tags, body: companyRegisterBodySchema, response: { 201: messageSchema } } },
    async (req, reply) => {
      await companies.register(req, reply, req.body, req.locale);
      return reply.code(201).send({ message: t(req.locale, 'auth.registered') });
    },
  );
};
