import { BOOKERS_PER_SEMINAR, type Paginated, type SeminarDto } from '@elearn/shared';
import type { Page } from '../../../db/query-helpers.ts';
import { groupBy } from '../../../lib/group-by.ts';
import type { AuthUser } from '../../../plugins/session.ts';
import { type Actor, iso, type SeminarsContext } from '../seminars.context.ts';
import { dtos, toDto } from '../seminars.dto.ts';
import { seminarsRepository as repo } from '../seminars.repository.ts';

/** the public catalogue, a page at a time (cached for everyone; abilities per caller) */
export async function listPublicSeminars(
  ctx: SeminarsContext,
  actor: Actor,
  q: { page: number; per_page: number; q?: string },
): Promise<Paginated<SeminarDto>> {
  const search = q.q?.trim() || undefined;
  const { rows, total } = await ctx.catalogue.get(
    JSON.stringify([q.page, q.per_page, search ?? '']),
    async () => ({
      total: await repo.countPublic(ctx.db, search),
      rows: await repo.listPublic(ctx.db, {
        limit: q.per_page,
        offset: (q.page - 1) * q.per_page,
        q: search,
      }),
    }),
  );
  return {
    data: await dtos(ctx, rows, actor),
    current_page: q.page,
    last_page: Math.max(1, Math.ceil(total / q.per_page)),
    per_page: q.per_page,
    total,
  };
}

/** the seminars booked most in the last 30 days */
export async function risingSeminars(ctx: SeminarsContext, actor: Actor): Promise<SeminarDto[]> {
  return dtos(ctx, await repo.listRising(ctx.db, new Date(ctx.now() - 30 * 86_400_000), 12), actor);
}

export async function ownedSeminars(
  ctx: SeminarsContext,
  actor: AuthUser,
  page?: Page,
): Promise<SeminarDto[]> {
  return dtos(ctx, await repo.listByOwner(ctx.db, actor.id, page), actor);
}

export async function seminarsBookedBy(ctx: SeminarsContext, actor: AuthUser): Promise<SeminarDto[]> {
  const held = await ctx.enrolments.seminarsOf(actor.id);
  const rows = await repo.listByIds(
    ctx.db,
    held.map((h) => h.seminarId),
  );
  return rows.map((r) => toDto(r, actor, true));
}

/**
 * A page of the caller's own seminars, newest first, each with the people who booked it
 * themselves (the newest {@link BOOKERS_PER_SEMINAR}; `bookings_count` counts all)
 */
export async function ownedSeminarsWithBookings(
  ctx: SeminarsContext,
  actor: AuthUser,
  page: Page,
): Promise<SeminarDto[]> {
  const rows = await repo.listByOwner(ctx.db, actor.id, page);
  const learners = groupBy(
    await ctx.enrolments.firstLearners(
      rows.map((r) => r.seminar.id),
      'personal',
      BOOKERS_PER_SEMINAR,
    ),
    (u) => u.enrolment.seminarId,
  );
  return rows.map((r) =>
    toDto(
      r,
      actor,
      false,
      (learners.get(r.seminar.id) ?? []).map((u) => ({
        id: u.user.id,
        first_name: u.user.firstName,
        last_name: u.user.lastName,
        email: u.user.email,
        booked_at: iso(u.enrolment.createdAt),
        status: u.enrolment.source === 'free' ? 'free' : 'paid',
      })),
    ),
  );
}
