import {
  cataloguePageSchema,
  catalogueQuerySchema,
  idParamsSchema,
  pageQuery,
  paginated,
  seminarBookingsPageSchema,
  seminarBookingsQuerySchema,
  seminarDtoSchema,
  seminarListQuerySchema,
} from '@elearn/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendStored } from '../../lib/storage.ts';
import type { SeminarRoutesOptions } from './seminars.route-options.ts';

/** The catalogue and a person's lists of seminars, one seminar and its image. */
export const seminarCatalogueRoutes: FastifyPluginAsyncZod<SeminarRoutesOptions> = async (
  app,
  { seminars, fileStore },
) => {
  const owner = app.requireScope('trainer', 'admin');

  app.get(
    '/api/seminars',
    {
      schema: {
        tags: ['seminars'],
        querystring: seminarListQuerySchema,
        response: { 200: paginated(seminarDtoSchema) },
      },
    },
    async (req) => seminars.listPublic(req.user, req.query),
  );
  app.get(
    '/api/seminars/catalogue',
    {
      // no guard: the guests' catalogue is the same for everyone (issue 34)
      schema: {
        tags: ['seminars'],
        querystring: catalogueQuerySchema,
        response: { 200: cataloguePageSchema },
      },
    },
    async (req) => seminars.catalogue(req.query),
  );
  app.get(
    '/api/seminars/rise',
    { schema: { tags: ['seminars'], response: { 200: z.array(seminarDtoSchema) } } },
    async (req) => seminars.rising(req.user),
  );
  app.get(
    '/api/seminars/owned',
    { onRequest: owner, schema: { tags: ['seminars'], response: { 200: z.array(seminarDtoSchema) } } },
    async (req) => seminars.owned(req.user!),
  );
  app.get(
    '/api/seminars/booked-student',
    {
      onRequest: app.requireUser,
      schema: { tags: ['seminars'], response: { 200: z.array(seminarDtoSchema) } },
    },
    async (req) => seminars.bookedBy(req.user!),
  );
  app.get(
    '/api/seminars/users/booked',
    {
      onRequest: owner,
      schema: { tags: ['seminars'], querystring: pageQuery, response: { 200: z.array(seminarDtoSchema) } },
    },
    // a page of the seminars, each with its newest bookers (issue 39; docs/decisions/seminars.md)
    async (req) =>
      seminars.ownedWithBookings(req.user!, {
        limit: req.query.per_page,
        offset: (req.query.page - 1) * req.query.per_page,
      }),
  );
  app.get(
    '/api/seminars/:id/bookings',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['seminars'],
        params: idParamsSchema,
        querystring: seminarBookingsQuerySchema,
        response: { 200: seminarBookingsPageSchema },
      },
    },
    async (req) => seminars.bookingsPage(req.user!, req.params.id, req.query),
  );
  app.get(
    '/api/seminars/slug/:slug',
    {
      schema: {
        tags: ['seminars'],
        params: z.object({ slug: z.string().max(120) }),
        response: { 200: seminarDtoSchema },
      },
    },
    async (req) => seminars.get(req.user, { slug: req.params.slug }),
  );
  app.get(
    '/api/seminars/:id',
    { schema: { tags: ['seminars'], params: idParamsSchema, response: { 200: seminarDtoSchema } } },
    async (req) => seminars.get(req.user, { id: req.params.id }),
  );
  app.get(
    '/api/seminars/:id/image',
    { schema: { tags: ['seminars'], params: idParamsSchema } },
    async (req, reply) => {
      const img = await seminars.imageOf(req.user, req.params.id);
      return sendStored(req, reply, {
        files: fileStore,
        relPath: img.relPath,
        mime: img.mime,
        fileName: img.name,
        attachment: false,
      });
    },
  );
};
