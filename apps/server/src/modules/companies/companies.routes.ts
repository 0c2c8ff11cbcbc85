import {
  accessLinkDtoSchema,
  accessLinkPlaySchema,
  addMemberBodySchema,
  assignBodySchema,
  assignResultSchema,
  checkoutDtoSchema,
  companyAssignmentSchema,
  companyBookingBodySchema,
  companyBookingDtoSchema,
  companyDtoSchema,
  companyRegisterBodySchema,
  companySeminarDtoSchema,
  employeeDtoSchema,
  generateAccessLinkBodySchema,
  idParamsSchema,
  invitationBodySchema,
  invitationCreatedSchema,
  invitationInfoSchema,
  invitationStateSchema,
  memberInvitationAcceptedSchema,
  memberInvitationDtoSchema,
  memberInvitationInfoSchema,
  messageSchema,
  pageQuery,
  paginated,
  rules,
  seminarCompanyRowSchema,
  seminarDtoSchema,
  t,
  unassignResultSchema,
} from '@elearn/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { PaymentsService } from '../payments/payments.service.ts';
import type { CompaniesService } from './companies.service.ts';

const tokenParams = z.object({ token: z.string().min(1).max(200) });
const tags = ['companies'];

/** Companies, company bookings, assignments and access links (spec section 7 "Companies"; docs/api/companies.md). */
export const companyRoutes: FastifyPluginAsyncZod<{
  companies: CompaniesService;
  payments: PaymentsService;
}> = async (app, { companies, payments }) => {
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
      schema: { tags, params: idParamsSchema, response: { 200: z.array(employeeDtoSchema) } },
    },
    async (req) => companies.employees(req.user!, req.params.id),
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
      const mail = await companies.inviteMember(req.user!, req.params.id, email, req.locale);
      app.afterResponse.run(reply.raw, 'member invitation mail', mail);
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
      const { mailSent } = await companies.register(req, reply, req.body, req.locale);
      return reply
        .code(201)
        .send({ message: t(req.locale, mailSent ? 'auth.registered' : 'auth.registered_mail_failed') });
    },
  );

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
        body: companyBookingBodySchema,
        response: { 200: checkoutDtoSchema, 201: checkoutDtoSchema },
      },
    },
    async (req, reply) => {
      await companies.checkPurchase(req.user!, req.body);
      const { checkout, created } = await payments.bookNow(req.user!, req.body.seminarId, req.locale, {
        forCompanyId: req.body.companyId,
        appUrl: req.appUrl,
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
    { onRequest: user, schema: { tags, body: assignBodySchema, response: { 200: assignResultSchema } } },
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
      schema: { tags, params: idParamsSchema, response: { 200: z.array(companyAssignmentSchema) } },
    },
    async (req) => companies.bookedCompanyUsers(req.user!, req.params.id),
  );
  app.get(
    '/api/seminars/users-company/booked',
    {
      onRequest: app.requireScope('trainer', 'admin'),
      schema: { tags, response: { 200: z.array(seminarDtoSchema) } },
    },
    async (req) => companies.ownedWithCompanyBookings(req.user!),
  );

  // access links
  app.post(
    '/api/companies/generate-access-link',
    {
      onRequest: user,
      schema: { tags, body: generateAccessLinkBodySchema, response: { 201: accessLinkDtoSchema } },
    },
    async (req, reply) => reply.code(201).send(await companies.generateLink(req.user!, req.body)),
  );
  app.get(
    '/api/companies/access-links',
    {
      onRequest: user,
      schema: { tags, querystring: pageQuery, response: { 200: paginated(accessLinkDtoSchema) } },
    },
    async (req) => companies.listLinks(req.user!, req.query.page, req.query.per_page),
  );
  app.delete(
    '/api/companies/access-links/:id',
    { onRequest: user, schema: { tags, params: idParamsSchema, response: { 200: accessLinkDtoSchema } } },
    async (req) => companies.revokeLink(req.user!, req.params.id),
  );
  app.get(
    '/api/companies/access-link/:token',
    { schema: { tags, params: tokenParams, response: { 200: accessLinkPlaySchema } } },
    async (req, reply) => {
      // the token is the credential: never cached by a browser or proxy
      reply.header('Cache-Control', 'no-store');
      reply.header('Referrer-Policy', 'no-referrer');
      return companies.openLink(req.params.token, req.ip);
    },
  );
};
