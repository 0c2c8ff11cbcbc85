import {
  certificateCodeParams,
  certificateSchema,
  completionSettingsBodySchema,
  completionSettingsSchema,
  idParamsSchema,
  learnerProgressPageSchema,
  learnerProgressQuerySchema,
  myCertificateSchema,
  revokeCertificateBodySchema,
  seminarProgressDetailSchema,
  seminarProgressSchema,
  videoPositionBodySchema,
} from '@elearn/shared';
import contentDisposition from 'content-disposition';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { XLSX_TYPE } from '../../lib/xlsx.ts';
import type { ProgressService } from './progress.service.ts';

/**
 * Learning progress, video resume and coverage, completion settings and certificates (issue 16).
 * Contract: docs/api/progress.md.
 */
export const progressRoutes: FastifyPluginAsyncZod<{ progress: ProgressService }> = async (
  app,
  { progress },
) => {
  const user = app.requireUser;
  const tags = ['progress'];

  // the player's saves: JSON from fetch, or a beacon (JSON sent as text/plain, the CSRF token in
  // the body's `xsrf`, docs/decisions.md issue 16); a parser for text/plain in this route only
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'text/plain',
      { parseAs: 'string' },
      scope.getDefaultJsonParser('error', 'error'),
    );
    scope.withTypeProvider<import('fastify-type-provider-zod').ZodTypeProvider>().post(
      '/api/progress/videos/:id/position',
      {
        onRequest: user,
        config: { csrfBodyField: 'xsrf' },
        bodyLimit: 16 * 1024,
        schema: { tags, params: idParamsSchema, body: videoPositionBodySchema, response: { 204: z.null() } },
      },
      async (req, reply) => {
        await progress.savePosition(req.user!, req.params.id, req.body);
        return reply.code(204).send(null);
      },
    );
  });

  app.get(
    '/api/progress/seminars',
    { onRequest: user, schema: { tags, response: { 200: z.array(seminarProgressSchema) } } },
    async (req) => progress.mine(req.user!),
  );
  app.get(
    '/api/progress/seminars/:id',
    {
      onRequest: user,
      schema: { tags, params: idParamsSchema, response: { 200: seminarProgressDetailSchema } },
    },
    async (req) => progress.mineIn(req.user!, req.params.id),
  );
  app.get(
    '/api/progress/seminars/:id/learners',
    {
      onRequest: user,
      schema: {
        tags,
        params: idParamsSchema,
        querystring: learnerProgressQuerySchema,
        response: { 200: learnerProgressPageSchema },
      },
    },
    async (req) => progress.learners(req.user!, req.params.id, req.query),
  );
  app.get(
    '/api/progress/seminars/:id/export',
    { onRequest: user, schema: { tags, params: idParamsSchema } },
    async (req, reply) => {
      const file = await progress.export(req.user!, req.params.id, req.locale);
      return reply
        .header('Content-Type', XLSX_TYPE)
        .header('Content-Disposition', file.disposition)
        .header('Cache-Control', 'private, no-store')
        .header('X-Content-Type-Options', 'nosniff')
        .send(file.body);
    },
  );
  app.get(
    '/api/progress/seminars/:id/settings',
    {
      onRequest: user,
      schema: { tags, params: idParamsSchema, response: { 200: completionSettingsSchema } },
    },
    async (req) => progress.settings(req.user!, req.params.id),
  );
  app.put(
    '/api/progress/seminars/:id/settings',
    {
      onRequest: user,
      schema: {
        tags,
        params: idParamsSchema,
        body: completionSettingsBodySchema,
        response: { 200: completionSettingsSchema },
      },
    },
    async (req) => progress.saveSettings(req.user!, req.params.id, req.body),
  );

  // certificates
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
