import {
  chapterDtoSchema,
  createChapterBodySchema,
  idParamsSchema,
  reorderChaptersBodySchema,
  rules,
  sideMenuEntrySchema,
  toggleLockedBodySchema,
  toggleUserBodySchema,
  updateChapterBodySchema,
  userInteractionSchema,
} from '@elearn/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { typedDtoSerializer } from '../../lib/validate.ts';
import type { ChaptersService } from './chapters.service.ts';

/** The chapters themselves: the trees, editing, order, locks and done marks (spec section 7). */
export const chapterTreeRoutes: FastifyPluginAsyncZod<{ chapters: ChaptersService }> = async (
  app,
  { chapters },
) => {
  const owner = app.requireScope('trainer', 'admin');
  const user = app.requireUser;

  app.get(
    '/api/chapters',
    {
      onRequest: user,
      schema: {
        tags: ['chapters'],
        querystring: z.object({ seminar_id: rules.id() }),
        response: { 200: z.array(sideMenuEntrySchema) },
      },
    },
    async (req) => chapters.sideMenu(req.user!, req.query.seminar_id),
  );
  app.get(
    '/api/chapters/seminar/:id',
    {
      onRequest: owner,
      schema: { tags: ['chapters'], params: idParamsSchema, response: { 200: z.array(chapterDtoSchema) } },
    },
    async (req) => chapters.forOwner(req.user!, req.params.id),
  );
  app.get(
    '/api/chapters/seminar-booked/:id',
    {
      onRequest: user,
      schema: { tags: ['chapters'], params: idParamsSchema, response: { 200: z.array(chapterDtoSchema) } },
      // the hot route of playing (bench): 50 chapters × 5 media checked by zod on every request cost more than the query
      serializerCompiler: typedDtoSerializer,
    },
    async (req) => chapters.forBooked(req.user!, req.params.id),
  );
  app.get(
    '/api/chapters/seminar-preview/:id',
    {
      // no guard: the outline of a public seminar's free previews is the same for everyone
      schema: { tags: ['chapters'], params: idParamsSchema, response: { 200: z.array(chapterDtoSchema) } },
    },
    async (req) => chapters.previewOutline(req.user, req.params.id),
  );
  app.get(
    '/api/chapters/:id/user-interaction',
    {
      onRequest: owner,
      schema: {
        tags: ['chapters'],
        params: idParamsSchema,
        response: { 200: z.array(userInteractionSchema) },
      },
    },
    async (req) => chapters.interactions(req.user!, req.params.id),
  );
  app.post(
    '/api/chapters',
    {
      onRequest: owner,
      schema: { tags: ['chapters'], body: createChapterBodySchema, response: { 201: chapterDtoSchema } },
    },
    async (req, reply) => reply.code(201).send(await chapters.create(req.user!, req.body)),
  );
  app.patch(
    '/api/chapters/update',
    {
      onRequest: owner,
      schema: { tags: ['chapters'], body: updateChapterBodySchema, response: { 200: chapterDtoSchema } },
    },
    async (req) => chapters.update(req.user!, req.body),
  );
  app.delete(
    '/api/chapters/:id/delete',
    { onRequest: owner, schema: { tags: ['chapters'], params: idParamsSchema, response: { 204: z.null() } } },
    async (req, reply) => {
      await chapters.remove(req.user!, req.params.id);
      return reply.code(204).send(null);
    },
  );
  app.patch(
    '/api/chapters/reorder',
    {
      onRequest: owner,
      schema: {
        tags: ['chapters'],
        body: reorderChaptersBodySchema,
        response: { 200: z.array(chapterDtoSchema) },
      },
    },
    async (req) => chapters.reorder(req.user!, req.body),
  );
  app.patch(
    '/api/chapters/toggle/locked',
    {
      onRequest: owner,
      schema: { tags: ['chapters'], body: toggleLockedBodySchema, response: { 200: chapterDtoSchema } },
    },
    async (req) => chapters.toggleLocked(req.user!, req.body.id),
  );
  app.patch(
    '/api/chapters/toggle/user',
    {
      onRequest: user,
      schema: {
        tags: ['chapters'],
        body: toggleUserBodySchema,
        response: {
          200: z.object({ chapter_id: z.number().int(), done: z.boolean(), done_at: z.string().nullable() }),
        },
      },
    },
    async (req) => chapters.toggleDone(req.user!, req.body.chapterUser, req.body.done),
  );
};
