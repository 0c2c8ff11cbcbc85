import { errorBodySchema } from '@elearn/shared';
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
          // the handler's own answer, or the error handler's when the session lookup of a request
          // with a cookie already finds the database away
          503: z.union([z.object({ status: z.literal('unavailable') }), errorBodySchema]),
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

  if (process.env.BENCH_BASELINE === '1') {
    // `npm run bench` only: a fixed body of the size of GET /api/user for the bench user, no DB
    const body = JSON.stringify({
      id: 1,
      username: 'benchuser',
      email: 'bench@example.test',
      first_name: 'Bench',
      last_name: 'User',
      scope: [],
      companies: [],
      email_verified_at: '2026-01-01T00:00:00.000Z',
      avatar_url: null,
      locale: 'de',
    });
    app.get('/api/bench/baseline', { schema: { hide: true } }, async (_req, reply) =>
      reply.type('application/json; charset=utf-8').send(body),
    );
  }
};
