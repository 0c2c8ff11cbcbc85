import { bookFreeBodySchema, bookingDtoSchema, publicProfileSchema, todoSchema } from '@elearn/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SeminarRoutesOptions } from './seminars.route-options.ts';

/** Free booking, a trainer's public profile and the learner's to-do list. */
export const seminarBookingRoutes: FastifyPluginAsyncZod<SeminarRoutesOptions> = async (
  app,
  { seminars, chapters },
) => {
  app.post(
    '/api/booking/free',
    {
      onRequest: app.requireVerified,
      schema: {
        tags: ['bookings'],
        body: bookFreeBodySchema,
        response: { 200: bookingDtoSchema, 201: bookingDtoSchema },
      },
    },
    async (req, reply) => {
      const { booking, created } = await seminars.bookFree(req.user!, req.body.seminarId);
      return reply.code(created ? 201 : 200).send(booking);
    },
  );

  app.get(
    '/api/users/profile/:slug',
    {
      schema: {
        tags: ['users'],
        params: z.object({ slug: z.string().max(60) }),
        response: { 200: publicProfileSchema },
      },
    },
    async (req) => seminars.publicProfile(req.user, req.params.slug),
  );

  app.get(
    '/api/todos',
    { onRequest: app.requireUser, schema: { tags: ['seminars'], response: { 200: z.array(todoSchema) } } },
    async (req) => chapters.todos(req.user!),
  );
};
