import {
  type AssignBody,
  type CompanyAssignment,
  type CompanyBookingDto,
  type CompanySeminarDto,
  encodeMessage,
  type SeminarDto,
} from '@elearn/shared';
import type { Db, Tx } from '../../db/client.ts';
import { conflict, forbidden, notFound, validation } from '../../errors.ts';
import type { AuthUser } from '../../plugins/session.ts';
import { companyPolicy } from '../../policies/company.policy.ts';
import type { EnrolmentsService, LearnerRow } from '../enrolments/enrolments.service.ts';
import type { SeminarListRow, SeminarsService } from '../seminars/seminars.service.ts';
import { companiesRepository as companies } from './companies.repository.ts';
import {
  type CompanyBookingWithCompany,
  companyGrants,
  companyBookingsRepository as repo,
} from './company-bookings.repository.ts';
import type { CompanyGuards } from './company-guards.ts';

const iso = (d: Date) => d.toISOString();

/**
 * Company bookings (free or bought by a manager through payments) and the assignment of
 * employees to them. An assignment is a company grant of the enrolments module: it grants the
 * seminar whatever personal booking the employee has (issue 11.1).
 */
export function createCompanyBookingsService(deps: {
  db: Db;
  seminars: SeminarsService;
  enrolments: EnrolmentsService;
  guards: CompanyGuards;
  now: () => number;
}) {
  const { db, seminars, enrolments, guards, now } = deps;

  /** company bookings with their seminar rows and assigned counts, in the bookings' order */
  async function withSeminars(rows: CompanyBookingWithCompany[]) {
    const [seminarRows, counts] = await Promise.all([
      seminars.listRows([...new Set(rows.map((r) => r.booking.seminarId))]),
      enrolments.assignedCounts(rows.map((r) => r.booking.id)),
    ]);
    const byId = new Map(seminarRows.map((s) => [s.seminar.id, s]));
    return rows.flatMap((r) => {
      const s = byId.get(r.booking.seminarId);
      return s ? [{ ...r, seminarRow: s, assignedCount: counts.get(r.booking.id) ?? 0 }] : [];
    });
  }

  async function bookingDtos(
    rows: CompanyBookingWithCompany[],
    actor: AuthUser,
    withAbilities: boolean,
  ): Promise<CompanyBookingDto[]> {
    const full = await withSeminars(rows);
    const dtos = withAbilities
      ? await seminars.dtos(
          full.map((f) => f.seminarRow),
          actor,
        )
      : full.map((f) => seminars.toDto(f.seminarRow, actor, false));
    return full.map((f, i) => ({
      id: f.booking.id,
      status: f.booking.status,
      created_at: iso(f.booking.createdAt),
      company: f.company,
      seminar: dtos[i]!,
      assigned_count: f.assignedCount,
    }));
  }

  /** company grants with their company's name, as the assignment lists show them */
  async function assignmentRows(grants: LearnerRow[]) {
    const refs = await companies.refsByIds(db, [
      ...new Set(grants.map((g) => g.enrolment.companyId).filter((id): id is number => id !== null)),
    ]);
    const byId = new Map(refs.map((c) => [c.id, c]));
    return grants
      .map((g) => ({ ...g, company: byId.get(g.enrolment.companyId ?? 0) }))
      .filter(
        (g): g is LearnerRow & { company: { id: number; name: string; shortName: string } } => !!g.company,
      )
      .sort(
        (a, b) =>
          a.company.name.localeCompare(b.company.name) ||
          a.user.lastName.localeCompare(b.user.lastName) ||
          a.user.firstName.localeCompare(b.user.firstName) ||
          a.user.id - b.user.id,
      );
  }
  const assignmentDto = (a: Awaited<ReturnType<typeof assignmentRows>>[number]): CompanyAssignment => ({
    booking_id: a.enrolment.id,
    assigned_at: iso(a.enrolment.createdAt),
    company: a.company,
    user: {
      id: a.user.id,
      username: a.user.username,
      first_name: a.user.firstName,
      last_name: a.user.lastName,
      email: a.user.email,
    },
  });

  /** the company booking that assignments go to; 409 company.not_booked unless it grants the seminar */
  async function grantingBooking(actor: AuthUser, body: { seminarId: number; companyId: number }) {
    await guards.managed(actor, body.companyId);
    const booking = await repo.find(db, body.companyId, body.seminarId);
    if (!booking || !companyGrants(booking.status)) {
      throw conflict('company.not_booked', 'company.not_booked');
    }
    return booking;
  }

  /** what the actor may see of a seminar's company side: all (owner, admin) or own companies */
  async function seminarScope(actor: AuthUser, seminarId: number): Promise<number[] | null> {
    const access = await seminars.access(actor, seminarId);
    if (access.manage) return null;
    const ids = companyPolicy.managedIds(actor);
    if (!ids || ids.length === 0) throw forbidden();
    return ids;
  }

  return {
    async seminars(actor: AuthUser, companyId: number): Promise<CompanySeminarDto[]> {
      await guards.company(actor, companyId, companyPolicy.member);
      const booked = await repo.listForCompanies(db, { companyIds: [companyId] });
      const bookingOf = new Map(booked.map((b) => [b.booking.seminarId, b.booking]));
      const rows = await seminars.companyRows(
        companyId,
        booked.map((b) => b.booking.seminarId),
      );
      const dtos = await seminars.dtos(rows, actor);
      return rows.map((r: SeminarListRow, i) => {
        const booking = bookingOf.get(r.seminar.id);
        return {
          ...dtos[i]!,
          company_booking: booking
            ? { id: booking.id, status: booking.status, created_at: iso(booking.createdAt) }
            : null,
        };
      });
    },

    /** @throws booking.not_free (409); 404 for a seminar the company may not see */
    async bookFree(actor: AuthUser, body: { seminarId: number; companyId: number }) {
      await guards.managed(actor, body.companyId);
      const seminar = await seminars.access(actor, body.seminarId).catch(() => null);
      const s = seminar?.seminar;
      const forCompany = s && (s.isCompany ? s.companyId === body.companyId : s.isPublic);
      if (!s || !forCompany) throw notFound();
      if (s.price > 0) throw conflict('booking.not_free', 'booking.not_free');
      const { booking, created } = await repo.insertFree(db, {
        companyId: body.companyId,
        seminarId: s.id,
        bookedBy: actor.id,
        currency: s.currency,
      });
      const rows = await repo.listForCompanies(db, { ids: [booking.id] });
      const [dto] = await bookingDtos(rows, actor, false);
      return { created, booking: dto! };
    },

    /**
     * Checks before a manager pays for a priced seminar on behalf of the company (the payments
     * flow does the rest and grants the company booking once paid).
     * @throws booking.already_booked (409) when the company holds it already; 404 for a seminar
     *   the company may not book
     */
    async checkPurchase(actor: AuthUser, body: { seminarId: number; companyId: number }): Promise<void> {
      await guards.managed(actor, body.companyId);
      const s = (await seminars.access(actor, body.seminarId).catch(() => null))?.seminar;
      if (!s || !(s.isCompany ? s.companyId === body.companyId : s.isPublic)) throw notFound();
      const held = await repo.find(db, body.companyId, body.seminarId);
      if (held && companyGrants(held.status)) {
        throw conflict('booking.already_booked', 'booking.already_booked');
      }
    },

    /** a paid company purchase (payments, inside its grant transaction) */
    grantPurchase: (
      tx: Tx,
      purchase: { seminarId: number; userId: number; price: number; currency: string },
      companyId: number,
      at: Date,
    ) => repo.grantPurchase(tx, purchase, companyId, at),

    async bookedForCaller(actor: AuthUser): Promise<CompanyBookingDto[]> {
      const ids = companyPolicy.managedIds(actor);
      if (ids === null || ids.length > 0) {
        return bookingDtos(await repo.listForCompanies(db, { companyIds: ids }), actor, true);
      }
      // an employee: the granting company bookings they are assigned to, newest assignment first
      const grants = (await enrolments.companyLearners({ userId: actor.id })).sort(
        (a, b) =>
          b.enrolment.createdAt.getTime() - a.enrolment.createdAt.getTime() ||
          b.enrolment.id - a.enrolment.id,
      );
      const ids2 = grants.map((g) => g.enrolment.companyBookingId).filter((id): id is number => id !== null);
      const rows = await repo.listForCompanies(db, { ids: ids2 });
      const byId = new Map(rows.filter((r) => companyGrants(r.booking.status)).map((r) => [r.booking.id, r]));
      const ordered = ids2.map((id) => byId.get(id)).filter((r): r is CompanyBookingWithCompany => !!r);
      return bookingDtos(ordered, actor, true);
    },

    /**
     * Assigns members to the company's booking of a seminar: each gets a company grant, whatever
     * personal booking (pending, failed, canceled, expired) they have. The answer lists exactly
     * the users who hold the seminar through this assignment, with their grant's id.
     * @throws company.not_member (422), company.not_booked (409)
     */
    async assign(actor: AuthUser, body: AssignBody) {
      const booking = await grantingBooking(actor, body);
      const userIds = [...new Set(body.users)];
      const members = await companies.memberIds(db, body.companyId, userIds);
      if (members.size !== userIds.length) {
        throw validation({ users: [encodeMessage('company.not_member')] }, 'company.not_member');
      }
      const rows = await enrolments.assign({
        companyBookingId: booking.id,
        companyId: booking.companyId,
        seminarId: booking.seminarId,
        userIds,
        grantedBy: actor.id,
        at: new Date(now()),
      });
      seminars.contentChanged();
      return { assigned: rows.map((r) => ({ user_id: r.userId, booking_id: r.enrolmentId })) };
    },

    async unassign(actor: AuthUser, body: AssignBody) {
      await guards.managed(actor, body.companyId);
      const booking = await repo.find(db, body.companyId, body.seminarId);
      if (!booking) throw conflict('company.not_booked', 'company.not_booked');
      const removed = await enrolments.unassign(booking.id, [...new Set(body.users)]);
      seminars.contentChanged();
      return { unassigned: removed };
    },

    async seminarCompanies(actor: AuthUser, seminarId: number) {
      const scope = await seminarScope(actor, seminarId);
      const rows = await repo.listForCompanies(db, { seminarIds: [seminarId], companyIds: scope });
      const counts = await enrolments.assignedCounts(rows.map((r) => r.booking.id));
      return rows
        .sort((a, b) => a.company.name.localeCompare(b.company.name))
        .map((r) => ({
          company: r.company,
          booking_id: r.booking.id,
          status: r.booking.status,
          created_at: iso(r.booking.createdAt),
          assigned_count: counts.get(r.booking.id) ?? 0,
        }));
    },

    async bookedCompanyUsers(actor: AuthUser, seminarId: number): Promise<CompanyAssignment[]> {
      const scope = await seminarScope(actor, seminarId);
      const grants = await enrolments.companyLearners({ seminarIds: [seminarId], companyIds: scope });
      return (await assignmentRows(grants)).map(assignmentDto);
    },

    /** the caller's own seminars with the companies that booked them and their assigned employees */
    async ownedWithCompanyBookings(actor: AuthUser): Promise<SeminarDto[]> {
      const owned = await seminars.owned(actor);
      const ids = owned.map((s) => s.id);
      const [grants, booked] = await Promise.all([
        enrolments.companyLearners({ seminarIds: ids }),
        repo.listForCompanies(db, { seminarIds: ids }),
      ]);
      const assigned = await assignmentRows(grants);
      return owned.map((s) => ({
        ...s,
        companies: booked
          .filter((b) => b.booking.seminarId === s.id)
          .sort((a, b) => a.company.name.localeCompare(b.company.name))
          .map((b) => b.company),
        users_booked_company_seminars: assigned
          .filter((a) => a.enrolment.seminarId === s.id)
          .map((a) => ({
            id: a.user.id,
            first_name: a.user.firstName,
            last_name: a.user.lastName,
            email: a.user.email,
            booked_at: iso(a.enrolment.createdAt),
            status: 'company',
          })),
      }));
    },

    /** per member: their assignments to the company's bookings with progress and test results */
    async progressOf(companyId: number) {
      const grants = await enrolments.companyLearners({ companyIds: [companyId] });
      const pairs = grants.map((g) => ({
        userId: g.user.id,
        seminarId: g.enrolment.seminarId,
        grantId: g.enrolment.id,
      }));
      const [{ counts, runs }, rows] = await Promise.all([
        repo.progress(db, pairs),
        seminars.listRows([...new Set(pairs.map((p) => p.seminarId))]),
      ]);
      const seminarOf = new Map(rows.map((r) => [r.seminar.id, r.seminar]));
      const assigned = counts
        .flatMap((c, i) => {
          const s = seminarOf.get(c.seminarId);
          return s
            ? [{ ...c, bookingId: pairs[i]!.grantId, seminar: { id: s.id, title: s.title, slug: s.slug } }]
            : [];
        })
        .sort((a, b) => a.seminar.title.localeCompare(b.seminar.title));
      return { assigned, runs };
    },
  };
}
