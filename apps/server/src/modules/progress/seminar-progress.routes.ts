import {
  completionSettingsBodySchema,
  completionSettingsSchema,
  idParamsSchema,
  learnerProgressPageSchema,
  learnerProgressQuerySchema,
  seminarProgressDetailSchema,
  seminarProgressSchema,
} from '@elearn/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendXlsx } from '../../lib/xlsx.ts';
import type { ProgressService } from './progress.service.ts';

/**
 * Progress in seminars: the learner's own, a seminar's learners and their export, the completion
 * settings (part of progressRoutes).
 */
export const seminarProgressRoutes: FastifyPluginAsyncZod<{ progress: ProgressService }> = async (
  app,
  { progress },
) => {
  const user = app.requireUser;
  const tags = ['progress'];

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
      return sendXlsx(reply, file);
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
};
