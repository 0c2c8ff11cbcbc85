import {
  failedJobDtoSchema,
  failedJobQuerySchema,
  jobKindStatsDtoSchema,
  jobRunBodySchema,
  messageSchema,
  paginated,
  t,
} from '@elearn/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AdminRoutesOptions, tags } from './admin.route-options.ts';

/** a job's id: a UUID (pg-boss'); anything else is 422 like any malformed id */
const jobParams = z.object({ id: z.uuid() });

/** the job queue: counts per kind, the failed jobs, retrying and discarding one (issue 35) */
export const adminJobRoutes: FastifyPluginAsyncZod<AdminRoutesOptions> = async (app, { admin }) => {
  const onRequest = app.requireScope('admin');

  app.get(
    '/api/admin/jobs',
    { onRequest, schema: { tags, response: { 200: z.array(jobKindStatsDtoSchema) } } },
    async () => admin.jobStats(),
  );
  app.get(
    '/api/admin/jobs/failed',
    {
      onRequest,
      schema: { tags, querystring: failedJobQuerySchema, response: { 200: paginated(failedJobDtoSchema) } },
    },
    async (req) => admin.failedJobs(req.query),
  );
  app.post(
    '/api/admin/jobs/run',
    {
      onRequest,
      schema: {
        tags,
        description:
          'Runs a scheduled job now (the reminder runs, the sweeps), as if its time had come; audited. 404 `admin.job_not_scheduled` for a kind without a schedule.',
        body: jobRunBodySchema,
        response: { 202: messageSchema },
      },
    },
    async (req, reply) => {
      await admin.runScheduledJob(req.user!, req.body.kind);
      return reply.code(202).send({ message: t(req.locale, 'admin.job_started') });
    },
  );
  app.post(
    '/api/admin/jobs/:id/retry',
    { onRequest, schema: { tags, params: jobParams, response: { 200: messageSchema } } },
    async (req) => {
      await admin.retryJob(req.user!, req.params.id);
      return { message: t(req.locale, 'admin.job_retried') };
    },
  );
  app.delete(
    '/api/admin/jobs/:id',
    { onRequest, schema: { tags, params: jobParams, response: { 204: z.null() } } },
    async (req, reply) => {
      await admin.discardJob(req.user!, req.params.id);
      return reply.code(204).send(null);
    },
  );
};
