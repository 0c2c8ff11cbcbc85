import type { Readable } from 'node:stream';
import {
  type BookingDto,
  encodeMessage,
  type Paginated,
  type SeminarDto,
  type SeminarFields,
  uniqueSlug,
} from '@elearn/shared';
import type { AppConfig } from '../../config.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { Page } from '../../db/query-helpers.ts';
import { conflict, forbidden, notFound, unauthenticated, validation } from '../../errors.ts';
import type { CacheBus } from '../../lib/cache-bus.ts';
import type { FileStore } from '../../lib/file-store.ts';
import { sanitizeRichText } from '../../lib/sanitize.ts';
import { removeStored, storeUpload } from '../../lib/storage.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';
import type { AuthUser } from '../../plugins/session.ts';
import { seminarPolicy } from '../../policies/seminar.policy.ts';
import { userPolicy } from '../../policies/user.policy.ts';
import type { EnrolmentsService, Grant } from '../enrolments/enrolments.service.ts';
import { avatarUrl } from '../users/users.presenter.ts';
import { usersRepository } from '../users/users.repository.ts';
import { seminarsPersonalData } from './seminars.personal-data.ts';
import { seminarsRepository as repo, type SeminarListRow, type SeminarRow } from './seminars.repository.ts';

export type { SeminarListRow, SeminarRow };

type Actor = AuthUser | null;
const IMAGE_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
};
export const SEMINAR_IMAGE_MAX_MB = 5;

const iso = (d: Date) => d.toISOString();

export type SeminarsService = ReturnType<typeof createSeminarsService>;

/** A seminar the caller may see, with what the caller may do with it. */
export interface SeminarAccess {
  seminar: SeminarRow;
  manage: boolean;
  booked: boolean;
  play: boolean;
}

/** a grant as the booking DTO of `POST /api/booking/free` shows it */
const bookingStatusOf = (g: Grant): BookingDto['status'] =>
  g.source === 'free' ? 'free' : g.source === 'purchase' ? 'paid' : ('company' as BookingDto['status']);

export function createSeminarsService(deps: {
  db: Db;
  config: AppConfig;
  /** where uploaded files are stored (local disk or a bucket) */
  fileStore: FileStore;
  enrolments: EnrolmentsService;
  /** whether a company exists (the companies module; wired in app.ts) */
  companyExists: (id: number) => Promise<boolean>;
  now?: () => number;
  /** tells the other instances when the catalogue cache is dropped */
  cacheBus?: CacheBus;
}) {
  const { db, config, fileStore, enrolments } = deps;
  const now = deps.now ?? Date.now;
  // the public catalogue (pages and totals) for two seconds; every local seminar or booking change
  // drops it (docs/decisions.md); who may do what is computed per request
  const catalogue = new TtlCache<{ rows: SeminarListRow[]; total: number }>(
    2000,
    500,
    now,
    deps.cacheBus && { bus: deps.cacheBus, topic: 'seminars.catalogue' },
  );
  const invalidateTotal = () => catalogue.clear();

  function toDto(
    row: SeminarListRow,
    actor: Actor,
    booked: boolean,
    bookedUsers: SeminarDto['users_booked_seminars'] = [],
  ): SeminarDto {
    const s = row.seminar;
    const manage = seminarPolicy.manage(actor, s);
    return {
      id: s.id,
      slug: s.slug,
      title: s.title,
      description: s.description,
      image_url: s.imagePath ? `/api/seminars/${s.id}/image?v=${s.updatedAt.getTime().toString(36)}` : null,
      price: s.price,
      currency: s.currency,
      is_public: s.isPublic,
      isCompany: s.isCompany,
      company_id: s.companyId,
      owner: {
        id: row.owner.id,
        username: row.owner.username,
        first_name: row.owner.firstName,
        last_name: row.owner.lastName,
        avatar_url: avatarUrl(row.owner.id, row.owner.avatarPath),
      },
      created_at: iso(s.createdAt),
      updated_at: iso(s.updatedAt),
      companies: [],
      users_booked_seminars: bookedUsers,
      users_booked_company_seminars: [],
      bookings_count: row.bookingsCount,
      chapters_count: row.chaptersCount,
      abilities: {
        edit: manage,
        delete: manage,
        play: seminarPolicy.play(actor, s, booked),
        book: seminarPolicy.bookFree(actor, s, booked) || (!actor && s.isPublic && !s.isCompany),
        booked,
      },
    };
  }

  async function dtos(rows: SeminarListRow[], actor: Actor): Promise<SeminarDto[]> {
    const booked = actor
      ? await enrolments.heldAmong(
          actor.id,
          rows.map((r) => r.seminar.id),
        )
      : new Set<number>();
    return rows.map((r) => toDto(r, actor, booked.has(r.seminar.id)));
  }

  /** What the caller may do with a loaded seminar; 404 when the caller may not even see it. */
  function grant(actor: Actor, found: { seminar: SeminarRow; booked: boolean } | undefined): SeminarAccess {
    if (!found || !seminarPolicy.view(actor, found.seminar, found.booked)) throw notFound();
    const { seminar, booked } = found;
    return {
      seminar,
      manage: seminarPolicy.manage(actor, seminar),
      booked,
      play: seminarPolicy.play(actor, seminar, booked),
    };
  }

  /** Loads a seminar for the caller; 404 when the caller may not see it. */
  async function access(actor: Actor, id: number): Promise<SeminarAccess> {
    return grant(actor, await repo.findWithBooking(db, id, actor?.id ?? null));
  }

  /** access for playing plus the caller's done marks, in one query */
  async function accessForPlay(
    actor: AuthUser,
    id: number,
  ): Promise<SeminarAccess & { doneIds: Set<number> }> {
    const found = await repo.findForPlay(db, id, actor.id);
    return { ...grant(actor, found), doneIds: new Set(found?.doneIds) };
  }

  async function requireManage(actor: Actor, id: number): Promise<SeminarRow> {
    if (!actor) throw unauthenticated();
    const a = await access(actor, id);
    if (!a.manage) throw forbidden();
    return a.seminar;
  }

  async function storeImage(stream: Readable & { truncated?: boolean }, fileName: string) {
    return storeUpload({
      files: fileStore,
      subdir: 'seminars',
      stream,
      fileName,
      field: 'image',
      maxMb: SEMINAR_IMAGE_MAX_MB,
      allowedText: 'JPEG, PNG, GIF, WebP',
      check: (sniffed) => (sniffed && IMAGE_TYPES[sniffed.ext] ? sniffed.ext : null),
    });
  }

  /** @throws seminar.company_required (422) when a company seminar names no existing company */
  async function checkCompany(fields: SeminarFields) {
    if (!fields.isCompany) return null;
    if (!fields.company_id || !(await deps.companyExists(fields.company_id))) {
      throw validation(
        { company_id: [encodeMessage('seminar.company_required')] },
        'seminar.company_required',
        'seminar.company_required',
      );
    }
    return fields.company_id;
  }

  return {
    /** the admin area's views and changes (the caller's rights are checked by the admin routes) */
    admin: {
      page: (f: { q?: string; ownerId?: number; id?: number }, page: Page) => repo.adminPage(db, f, page),
      countsByCompany: (companyIds: number[]) => repo.countsByCompany(db, companyIds),
      setOwner: (tx: DbOrTx, seminarId: number, ownerId: number) => repo.setOwner(tx, seminarId, ownerId),
    },
    access,
    accessForPlay,
    /** what this module keeps about a person: the data export and the account erasure (issue 19) */
    personalData: seminarsPersonalData(db),
    requireManage,
    /** chapters changed: the catalogue's chapter counts are stale */
    contentChanged: invalidateTotal,
    storeImage,
    /** list rows of the given seminars, in the given order (other modules' lists) */
    listRows: (ids: number[]) => repo.listByIds(db, ids),
    /** list rows of a company's seminars: made for it, and the given (booked) ones, newest first */
    companyRows: (companyId: number, bookedIds: number[]) => repo.listForCompany(db, companyId, bookedIds),
    /** DTOs of loaded list rows for the caller (other modules' lists of seminars) */
    toDto,
    dtos,

    async listPublic(
      actor: Actor,
      q: { page: number; per_page: number; q?: string },
    ): Promise<Paginated<SeminarDto>> {
      const search = q.q?.trim() || undefined;
      const { rows, total } = await catalogue.get(
        JSON.stringify([q.page, q.per_page, search ?? '']),
        async () => ({
          total: await repo.countPublic(db, search),
          rows: await repo.listPublic(db, {
            limit: q.per_page,
            offset: (q.page - 1) * q.per_page,
            q: search,
          }),
        }),
      );
      return {
        data: await dtos(rows, actor),
        current_page: q.page,
        last_page: Math.max(1, Math.ceil(total / q.per_page)),
        per_page: q.per_page,
        total,
      };
    },

    async rising(actor: Actor): Promise<SeminarDto[]> {
      return dtos(await repo.listRising(db, new Date(now() - 30 * 86_400_000), 12), actor);
    },

    async get(actor: Actor, where: { id?: number; slug?: string }): Promise<SeminarDto> {
      const row = await repo.findListRow(db, where);
      if (!row) throw notFound();
      const booked = actor ? await enrolments.holds(actor.id, row.seminar.id) : false;
      if (!seminarPolicy.view(actor, row.seminar, booked)) throw notFound();
      return toDto(row, actor, booked);
    },

    async imageOf(actor: Actor, id: number) {
      const { seminar } = await access(actor, id);
      if (!seminar.imagePath) throw notFound();
      const ext = seminar.imagePath.split('.').pop() ?? '';
      return {
        relPath: seminar.imagePath,
        mime: IMAGE_TYPES[ext] ?? 'application/octet-stream',
        name: `seminar-${id}.${ext}`,
      };
    },

    async owned(actor: AuthUser): Promise<SeminarDto[]> {
      return dtos(await repo.listByOwner(db, actor.id), actor);
    },

    async bookedBy(actor: AuthUser): Promise<SeminarDto[]> {
      const held = await enrolments.seminarsOf(actor.id);
      const rows = await repo.listByIds(
        db,
        held.map((h) => h.seminarId),
      );
      return rows.map((r) => toDto(r, actor, true));
    },

    async ownedWithBookings(actor: AuthUser): Promise<SeminarDto[]> {
      const rows = await repo.listByOwner(db, actor.id);
      const users = await enrolments.personalLearners(rows.map((r) => r.seminar.id));
      return rows.map((r) =>
        toDto(
          r,
          actor,
          false,
          users
            .filter((u) => u.enrolment.seminarId === r.seminar.id)
            .map((u) => ({
              id: u.user.id,
              first_name: u.user.firstName,
              last_name: u.user.lastName,
              email: u.user.email,
              booked_at: iso(u.enrolment.createdAt),
              status: u.enrolment.source === 'free' ? 'free' : 'paid',
            })),
        ),
      );
    },

    /** @throws seminar.company_required (422) */
    async create(actor: AuthUser, fields: SeminarFields, imagePath: string | null): Promise<SeminarDto> {
      if (!seminarPolicy.create(actor)) throw forbidden();
      const companyId = await checkCompany(fields);
      const base = {
        title: fields.title,
        description: sanitizeRichText(fields.description),
        price: fields.price,
        currency: config.currency,
        isPublic: fields.is_public,
        isCompany: fields.isCompany,
        companyId,
        ownerId: actor.id,
        imagePath,
      };
      let row: SeminarRow | undefined;
      for (let attempt = 0; attempt < 3 && !row; attempt++) {
        const slug = uniqueSlug(
          fields.title,
          await repo.slugsLike(db, uniqueSlug(fields.title, new Set(), 'seminar')),
          'seminar',
        );
        try {
          row = await repo.insert(db, { ...base, slug });
        } catch (err) {
          if ((err as { code?: string }).code !== '23505' || attempt === 2) throw err;
        }
      }
      invalidateTotal();
      const full = await repo.findListRow(db, { id: row!.id });
      return toDto(full!, actor, false);
    },

    async update(
      actor: AuthUser,
      id: number,
      fields: SeminarFields,
      imagePath: string | null,
    ): Promise<SeminarDto> {
      const seminar = await requireManage(actor, id);
      const companyId = await checkCompany(fields);
      const removeOld = imagePath !== null || fields.remove_image === true;
      await repo.update(db, id, {
        title: fields.title,
        description: sanitizeRichText(fields.description),
        price: fields.price,
        isPublic: fields.is_public,
        isCompany: fields.isCompany,
        companyId,
        ...(removeOld ? { imagePath } : {}),
      });
      if (removeOld && seminar.imagePath) await removeStored(fileStore, seminar.imagePath);
      invalidateTotal();
      return this.get(actor, { id });
    },

    async togglePublic(actor: AuthUser, id: number): Promise<SeminarDto> {
      const seminar = await requireManage(actor, id);
      await repo.update(db, id, { isPublic: !seminar.isPublic });
      invalidateTotal();
      return this.get(actor, { id });
    },

    /** @throws seminar.has_bookings (409) unless an admin confirms */
    async remove(
      actor: AuthUser,
      id: number,
      confirm: boolean,
      beforeDelete: (id: number) => Promise<string[]>,
    ) {
      const seminar = await requireManage(actor, id);
      const count = await enrolments.countOfSeminar(id);
      if (count > 0 && !(confirm && seminarPolicy.removeBooked(actor))) {
        throw conflict('seminar.has_bookings', 'seminar.has_bookings');
      }
      const files = await beforeDelete(id);
      await repo.delete(db, id);
      invalidateTotal();
      for (const f of [...files, seminar.imagePath]) await removeStored(fileStore, f);
    },

    /** @throws booking.not_free, booking.own_seminar (409); 404 for seminars the caller may not see */
    async bookFree(actor: AuthUser, seminarId: number): Promise<{ booking: BookingDto; created: boolean }> {
      const { seminar } = await access(actor, seminarId);
      if (seminar.ownerId === actor.id) throw conflict('booking.own_seminar', 'booking.own_seminar');
      // only a public, free seminar is booked for free; a priced one is bought (held or not: a
      // purchase or an assignment is no free booking, and answering it here would show price 0)
      if (!seminar.isPublic || seminar.isCompany || seminar.price > 0) {
        throw conflict('booking.not_free', 'booking.not_free');
      }
      // one `free` grant per seminar and user: booked already answers that same booking
      const { grant, created } = await enrolments.grantFree(actor.id, seminarId, new Date(now()));
      if (created) invalidateTotal();
      return {
        created,
        booking: {
          id: grant.id,
          seminar_id: grant.seminarId,
          user_id: grant.userId,
          status: bookingStatusOf(grant),
          price: 0,
          currency: seminar.currency,
          created_at: iso(grant.grantedAt),
        },
      };
    },

    async publicProfile(actor: Actor, slug: string) {
      const user = await usersRepository.findByUsername(db, slug);
      // only trainers have a public profile; any other account (an admin's too) is not found
      if (!user || !userPolicy.hasPublicProfile(user)) throw notFound();
      return {
        id: user.id,
        username: user.username,
        first_name: user.firstName,
        last_name: user.lastName,
        avatar_url: avatarUrl(user.id, user.avatarPath),
        seminars: await dtos(await repo.listPublicByOwner(db, user.id), actor),
      };
    },
  };
}
