import { messageSchema, registerBodySchema, rules, t } from '@elearn/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthRoutesOptions } from './auth.route-options.ts';

// loose on purpose: a mangled link must reach the handler (the page for browsers, 403 for the API)
const verifyParams = z.object({ id: z.string().max(200), hash: z.string().max(200) });
const verifyQuery = z.object({
  expires: z.string().max(2000).optional(),
  signature: z.string().max(2000).optional(),
});

/** registration and the verification of the address */
export const authRegisterRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (
  app,
  { auth, serveAppPage },
) => {
  app.post(
    '/api/register',
    { schema: { tags: ['auth'], body: registerBodySchema, response: { 201: messageSchema } } },
    async (req, reply) => {
      await auth.register(req, reply, req.body, req.locale);
      return reply.code(201).send({ message: t(req.locale, 'auth.registered') });
    },
  );

  const verifyHandler = async (req: {
    params: z.infer<typeof verifyParams>;
    query: z.infer<typeof verifyQuery>;
    locale: FastifyRequest['locale'];
  }) => {
    const { alreadyVerified } = await auth.verifyEmail(
      /^\d{1,10}$/.test(req.params.id) ? Number(req.params.id) : 0,
      req.params.hash,
      req.query.expires,
      req.query.signature,
    );
    return {
      message: t(req.locale, alreadyVerified ? 'auth.already_verified' : 'auth.verified'),
      verified: true,
    };
  };
  const verifySchema = {
    tags: ['auth'],
    params: verifyParams,
    querystring: verifyQuery,
    response: { 200: z.object({ message: z.string(), verified: z.boolean() }) },
  };
  // the spec's path; browsers navigating to it (Accept: text/html) get the app page instead
  app.get('/email/verify/:id/:hash', { schema: verifySchema }, async (req, reply) => {
    if (serveAppPage && /text\/html/.test(req.headers.accept ?? '')) return serveAppPage(reply);
    return verifyHandler(req);
  });
  app.get('/api/email/verify/:id/:hash', { schema: verifySchema }, verifyHandler);

  app.post(
    '/api/email/verification-notification',
    {
      schema: {
        tags: ['auth'],
        body: z.object({ email: rules.email().optional() }).strict().optional(),
        response: { 202: messageSchema },
      },
    },
    async (req, reply) => {
      await auth.resendVerification(req, req.body?.email);
      return reply.code(202).send({ message: t(req.locale, 'auth.verification_sent') });
    },
  );
};
