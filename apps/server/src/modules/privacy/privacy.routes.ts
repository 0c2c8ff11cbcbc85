import {
  dataExportDtoSchema,
  dataExportListSchema,
  deleteAccountBodySchema,
  deletionStateSchema,
  idParamsSchema,
  pendingDeletionListSchema,
  pendingDeletionsQuerySchema,
} from '@elearn/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PrivacyService } from './privacy.service.ts';

const tags = ['privacy'];

/**
 * Privacy self-service and its admin side (issue 19, docs/api/privacy.md): data exports of one's
 * own data (any logged-in person), the deletion of one's own account (password confirmed), and
 * for admins the same for anyone plus the list of pending deletions.
 */
export const privacyRoutes: FastifyPluginAsyncZod<{ privacy: PrivacyService }> = async (app, { privacy }) => {
  const user = app.requireUser;
  const admin = app.requireScope('admin');

  app.post(
    '/api/privacy/exports',
    { onRequest: user, schema: { tags, response: { 202: dataExportDtoSchema } } },
    async (req, reply) => reply.code(202).send(await privacy.requestExport(req.user!, req.user!.id)),
  );
  app.get(
    '/api/privacy/exports',
    { onRequest: user, schema: { tags, response: { 200: dataExportListSchema } } },
    async (req) => ({ data: await privacy.listExports(req.user!) }),
  );
  app.get(
    '/api/privacy/exports/:id/download',
    { onRequest: user, schema: { tags, params: idParamsSchema } },
    async (req, reply) => {
      const file = await privacy.openExport(req.user!, req.params.id);
      return reply
        .header('Content-Type', 'application/zip')
        .header('Content-Length', String(file.size))
        .header('Content-Disposition', file.disposition)
        .header('Cache-Control', 'private, no-store')
        .header('X-Content-Type-Options', 'nosniff')
        .send(file.body);
    },
  );
  app.post(
    '/api/privacy/deletion',
    {
      onRequest: user,
      schema: { tags, body: deleteAccountBodySchema, response: { 202: deletionStateSchema } },
    },
    async (req, reply) => {
      const state = await privacy.requestOwnDeletion(req.user!, req.body.password);
      // every session of the account ended: this one's cookies too, and a fresh guest session
      // gives the web app a valid CSRF token right away (as after a logout)
      await app.sessions.destroy(req, reply);
      await app.sessions.start(req, reply, { userId: null });
      return reply.code(202).send(state);
    },
  );

  // the admin side: on a person's request, audited
  app.post(
    '/api/admin/users/:id/export',
    { onRequest: admin, schema: { tags, params: idParamsSchema, response: { 202: dataExportDtoSchema } } },
    async (req, reply) => reply.code(202).send(await privacy.requestExport(req.user!, req.params.id)),
  );
  app.get(
    '/api/admin/users/:id/deletion',
    { onRequest: admin, schema: { tags, params: idParamsSchema, response: { 200: deletionStateSchema } } },
    async (req) => privacy.deletionState(req.params.id),
  );
  app.post(
    '/api/admin/users/:id/deletion',
    { onRequest: admin, schema: { tags, params: idParamsSchema, response: { 202: deletionStateSchema } } },
    async (req, reply) => reply.code(202).send(await privacy.requestDeletionFor(req.user!, req.params.id)),
  );
  app.delete(
    '/api/admin/users/:id/deletion',
    { onRequest: admin, schema: { tags, params: idParamsSchema, response: { 200: deletionStateSchema } } },
    async (req) => privacy.cancelDeletionFor(req.user!, req.params.id),
  );
  app.get(
    '/api/admin/deletions',
    {
      onRequest: admin,
      schema: {
        tags,
        querystring: pendingDeletionsQuerySchema,
        response: { 200: pendingDeletionListSchema },
      },
    },
    async (req) => privacy.pendingDeletions(req.query),
  );
};
