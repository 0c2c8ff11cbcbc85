import type { BookingDto, SeminarDto } from '@elearn/shared';
import { seminarPolicy } from '../../policies/seminar.policy.ts';
import type { Grant } from '../enrolments/enrolments.service.ts';
import { avatarUrl } from '../users/users.presenter.ts';
import { type Actor, iso, type SeminarsContext } from './seminars.context.ts';
import type { SeminarListRow } from './seminars.repository.ts';

/** a grant as the booking DTO of `POST /api/booking/free` shows it */
export const bookingStatusOf = (g: Grant): BookingDto['status'] =>
  g.source === 'free' ? 'free' : g.source === 'purchase' ? 'paid' : ('company' as BookingDto['status']);

/** the address of a seminar's image (changes with the seminar, so browsers may cache it), or null */
export const seminarImageUrl = (id: number, imagePath: string | null, updatedAt: Date): string | null =>
  imagePath ? `/api/seminars/${id}/image?v=${updatedAt.getTime().toString(36)}` : null;

export function toDto(
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
    image_url: seminarImageUrl(s.id, s.imagePath, s.updatedAt),
    price: s.price,
    currency: s.currency,
    language: s.language as SeminarDto['language'],
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
    video_seconds: row.videoSeconds,
    abilities: {
      edit: manage,
      delete: manage,
      play: seminarPolicy.play(actor, s, booked),
      book: seminarPolicy.bookFree(actor, s, booked) || (!actor && s.isPublic && !s.isCompany),
      booked,
    },
  };
}

/** DTOs of loaded list rows for the caller, with whether the caller holds each (one query) */
export async function dtos(
  ctx: SeminarsContext,
  rows: SeminarListRow[],
  actor: Actor,
): Promise<SeminarDto[]> {
  const booked = actor
    ? await ctx.enrolments.heldAmong(
        actor.id,
        rows.map((r) => r.seminar.id),
      )
    : new Set<number>();
  return rows.map((r) => toDto(r, actor, booked.has(r.seminar.id)));
}
