import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { seminarBookingRoutes } from './seminar-booking.routes.ts';
import { seminarCatalogueRoutes } from './seminar-catalogue.routes.ts';
import { seminarEditingRoutes } from './seminar-editing.routes.ts';
import type { SeminarRoutesOptions } from './seminars.route-options.ts';

export type { ChapterParts, SeminarRoutesOptions } from './seminars.route-options.ts';

/**
 * Seminars and free booking (spec section 7 "Seminars and booking"; paths verbatim), in three
 * groups registered in this order: the catalogue, the owner's changes, booking and profiles.
 */
export const seminarRoutes: FastifyPluginAsyncZod<SeminarRoutesOptions> = async (app, opts) => {
  await app.register(seminarCatalogueRoutes, opts);
  await app.register(seminarEditingRoutes, opts);
  await app.register(seminarBookingRoutes, opts);
};
