import type { Readable } from 'node:stream';
import type { CatalogueQuery, SeminarDto, SeminarFields } from '@elearn/shared';
import type { DbOrTx } from '../../db/client.ts';
import type { Page } from '../../db/query-helpers.ts';
import type { AuthUser } from '../../plugins/session.ts';
import { seminarPagesRepository } from './seminar-pages.repository.ts';
import { type Actor, createSeminarsContext, type SeminarsDeps } from './seminars.context.ts';
import { dtos, toDto } from './seminars.dto.ts';
import { seminarsPersonalData } from './seminars.personal-data.ts';
import { seminarsRepository as repo, type SeminarListRow, type SeminarRow } from './seminars.repository.ts';
import { accessForPlay, accessSeminar, requireManage } from './use-cases/access-seminar.ts';
import { bookFree } from './use-cases/book-free.ts';
import { browseCatalogue } from './use-cases/browse-catalogue.ts';
import { createSeminar } from './use-cases/create-seminar.ts';
import { getSeminar } from './use-cases/get-seminar.ts';
import {
  listPublicSeminars,
  ownedSeminars,
  ownedSeminarsWithBookings,
  risingSeminars,
  seminarsBookedBy,
} from './use-cases/list-seminars.ts';
import { publicProfile } from './use-cases/public-profile.ts';
import { removeSeminar } from './use-cases/remove-seminar.ts';
import { seminarBookingsPage } from './use-cases/seminar-bookings.ts';
import { seminarImageOf, storeSeminarImage } from './use-cases/seminar-image.ts';
import { togglePublic, updateSeminar } from './use-cases/update-seminar.ts';

export type { SeminarPageRow } from './seminar-pages.repository.ts';
export { SEMINAR_IMAGE_MAX_MB, type SeminarsDeps } from './seminars.context.ts';
export type { SeminarAccess } from './use-cases/access-seminar.ts';
export type { SeminarListRow, SeminarRow };

export type SeminarsService = ReturnType<typeof createSeminarsService>;

/**
 * The seminars module's use cases (one file each under use-cases/), built on one context: the
 * deps, the clock and the catalogue cache.
 */
export function createSeminarsService(deps: SeminarsDeps) {
  const ctx = createSeminarsContext(deps);
  const { db } = ctx;
  return {
    /** the admin area's views and changes (the caller's rights are checked by the admin routes) */
    admin: {
      page: (f: { q?: string; ownerId?: number; id?: number }, page: Page) => repo.adminPage(db, f, page),
      countsByCompany: (companyIds: number[]) => repo.countsByCompany(db, companyIds),
      setOwner: (tx: DbOrTx, seminarId: number, ownerId: number) => repo.setOwner(tx, seminarId, ownerId),
    },
    access: (actor: Actor, id: number) => accessSeminar(ctx, actor, id),
    accessForPlay: (actor: AuthUser, id: number) => accessForPlay(ctx, actor, id),
    /** what this module keeps about a person: the data export and the account erasure (issue 19) */
    personalData: seminarsPersonalData(db),
    requireManage: (actor: Actor, id: number) => requireManage(ctx, actor, id),
    /** chapters changed: the catalogue's chapter counts are stale */
    contentChanged: ctx.invalidateTotal,
    storeImage: (stream: Readable & { truncated?: boolean }, fileName: string) =>
      storeSeminarImage(ctx, stream, fileName),
    /** list rows of the given seminars, in the given order (other modules' lists) */
    listRows: (ids: number[]) => repo.listByIds(db, ids),
    /** list rows of a company's seminars: made for it, and the given (booked) ones, newest first */
    companyRows: (companyId: number, bookedIds: number[]) => repo.listForCompany(db, companyId, bookedIds),
    /** DTOs of loaded list rows for the caller (other modules' lists of seminars) */
    toDto,
    dtos: (rows: SeminarListRow[], actor: Actor) => dtos(ctx, rows, actor),

    /** every public seminar's page (id, slug, last change): the sitemap (modules/site) */
    publicPages: () => seminarPagesRepository.publicPages(db),
    /** the guests' catalogue: the same for every caller (issue 34) */
    catalogue: (query: CatalogueQuery) => browseCatalogue(ctx, query),
    listPublic: (actor: Actor, q: { page: number; per_page: number; q?: string }) =>
      listPublicSeminars(ctx, actor, q),
    rising: (actor: Actor) => risingSeminars(ctx, actor),
    get: (actor: Actor, where: { id?: number; slug?: string }) => getSeminar(ctx, actor, where),
    imageOf: (actor: Actor, id: number) => seminarImageOf(ctx, actor, id),
    /** the caller's own seminars, newest first: all, or a page */
    owned: (actor: AuthUser, page?: Page) => ownedSeminars(ctx, actor, page),
    bookedBy: (actor: AuthUser) => seminarsBookedBy(ctx, actor),
    /** a page of the caller's own seminars with the newest bookers of each */
    ownedWithBookings: (actor: AuthUser, page: Page) => ownedSeminarsWithBookings(ctx, actor, page),
    /** one page of a seminar's personal bookings (owner, admin) */
    bookingsPage: (actor: AuthUser, id: number, q: { page: number; per_page: number; q?: string }) =>
      seminarBookingsPage(ctx, actor, id, q),
    /** @throws seminar.company_required (422) */
    create: (actor: AuthUser, fields: SeminarFields, imagePath: string | null): Promise<SeminarDto> =>
      createSeminar(ctx, actor, fields, imagePath),
    update: (actor: AuthUser, id: number, fields: SeminarFields, imagePath: string | null) =>
      updateSeminar(ctx, actor, id, fields, imagePath),
    togglePublic: (actor: AuthUser, id: number) => togglePublic(ctx, actor, id),
    /** @throws seminar.has_bookings (409) unless an admin confirms */
    remove: (
      actor: AuthUser,
      id: number,
      confirm: boolean,
      beforeDelete: (id: number) => Promise<string[]>,
    ) => removeSeminar(ctx, actor, id, confirm, beforeDelete),
    /** @throws booking.not_free, booking.own_seminar (409); 404 for seminars the caller may not see */
    bookFree: (actor: AuthUser, seminarId: number) => bookFree(ctx, actor, seminarId),
    publicProfile: (actor: Actor, slug: string) => publicProfile(ctx, actor, slug),
  };
}
