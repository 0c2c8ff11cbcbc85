import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { redactUrl } from '../lib/log-redaction.ts';

/** one log line per request (cheap; pino serializes lazily) */
export const requestLogPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onResponse', async (req, reply) => {
    req.log.info(
      {
        method: req.method,
        url: redactUrl(req.url),
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      'request',
    );
  });
});
