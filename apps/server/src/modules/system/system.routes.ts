import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';

/** Health and public client configuration. */
export const systemRoutes: FastifyPluginAsyncZod<{ database: Database; config: AppConfig }> = async (
  app,
  { database, config },
) => {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['system'],
        response: {
          200: z.object({ status: z.literal('ok') }),
          503: z.object({ status: z.literal('unavailable') }),
        },
      },
    },
    async (req, reply) => {
      try {
        await database.ping();
        return { status: 'ok' as const };
      } catch (err) {
        req.log.warn({ err }, 'health check: database does not answer');
        return reply.code(503).send({ status: 'unavailable' as const });
      }
    },
  );

  app.get(
    '/api/config',
    {
      schema: {
        tags: ['system'],
        response: {
          200: z.object({
            matomo: z.object({ url: z.string(), siteId: z.string() }).nullable(),
            currency: z.string(),
          }),
        },
      },
    },
    async () => ({ matomo: config.matomo, currency: config.currency }),
  );
};
