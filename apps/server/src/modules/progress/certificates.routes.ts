import {
  certificateCodeParams,
  certificateSchema,
  myCertificateSchema,
  revokeCertificateBodySchema,
} from '@elearn/shared';
import contentDisposition from 'content-disposition';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ProgressService } from './progress.service.ts';

/**
 * Certificates: the learner's list, the PDF, the public verification and the revocation (part of
 * progressRoutes).
 */
export const certificateRoutes: FastifyPluginAsyncZod<{ progress: ProgressService }> = async (
  app,
  { progress },
) => {
  const user = app.requireUser;
  const tags = ['progress'];

  app.get(
    '/api/certificates',
    { onRequest: user, schema: { tags, response: { 200: z.array(myCertificateSchema) } } },
    async (req) => progress.myCertificates(req.user!),
  );
  app.get(
    '/api/certificates/:code/pdf',
    { onRequest: user, schema: { tags, params: certificateCodeParams } },
    async (req, reply) => {
      const file = await progress.pdf(req.user!, req.params.code, req.locale);
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', contentDisposition(file.fileName))
        .header('Cache-Control', 'private, no-store')
        .header('X-Content-Type-Options', 'nosniff')
        .send(file.body);
    },
  );
  app.get(
    '/api/certificates/:code',
    { schema: { tags, params: certificateCodeParams, response: { 200: certificateSchema } } },
    async (req, reply) => {
      // the code is the credential of the page: never cached by a proxy, never sent on
      reply.header('Cache-Control', 'no-store');
      reply.header('Referrer-Policy', 'no-referrer');
      return progress.verify(req.params.code, req.ip);
    },
  );
  app.post(
    '/api/certificates/:code/revoke',
    {
      onRequest: user,
      schema: {
        tags,
        params: certificateCodeParams,
        body: revokeCertificateBodySchema,
        response: { 200: certificateSchema },
      },
    },
    async (req) => progress.revoke(req.user!, req.params.code, req.body.reason),
  );
};
