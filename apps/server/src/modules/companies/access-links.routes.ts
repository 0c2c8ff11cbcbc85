import {
  accessLinkDtoSchema,
  accessLinkPlaySchema,
  generateAccessLinkBodySchema,
  idParamsSchema,
  pageQuery,
  paginated,
} from '@elearn/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { tags, tokenParams } from './companies.route-params.ts';
import type { CompaniesService } from './companies.service.ts';

/** Temporary access links: a manager makes and revokes them, their holder plays without an account. */
export const accessLinkRoutes: FastifyPluginAsyncZod<{ companies: CompaniesService }> = async (
  app,
  { companies },
) => {
  const user = app.requireUser;

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
