import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { rejectNul } from '../lib/no-nul.ts';

/**
 * No string input may hold U+0000 (PostgreSQL text cannot store it): path parameters, query and
 * parsed body of every route are checked before validation, so the answer is a 422 naming the
 * field instead of a database error. Multipart text fields are read by the routes themselves and
 * checked with the same `rejectNul` as they are collected.
 */
export const noNulPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (req) => {
    rejectNul(req.params, req.query, req.body);
  });
});
