import type { Db, DbOrTx } from '../../db/client.ts';
import type { Page } from '../../db/query-helpers.ts';
import { enrolmentsPersonalData } from './enrolments.personal-data.ts';
import { enrolmentReminderReads } from './enrolments.reminders.ts';
import { type EnrolmentRow, type LearnerRow, enrolmentsRepository as repo } from './enrolments.repository.ts';
import { enrolmentSeats } from './enrolments.seats.ts';
import { enrolmentTeamView } from './enrolments.team.ts';
import {
  companyGrantsPage,
  firstGrantsPerSeminar,
  type GrantPageFilter,
  personalBookingsPage,
} from './enrolments-bookings.repository.ts';

export type { DueAssignment, EnrolmentReminderReads, TeamEntry } from './enrolments.reminders.ts';
export type { SeatGrant } from './enrolments.seats.ts';
export type { TeamEntryRow, TeamFilter, TeamKey } from './enrolments.team.ts';
export type { EnrolmentRow, LearnerRow };
export type EnrolmentsService = ReturnType<typeof createEnrolmentsService>;

/** What a caller's grant looks like to other modules: where it comes from and since when. */
export interface Grant {
  id: number;
  seminarId: number;
  userId: number;
  source: 'free' | 'purchase' | 'company';
  bookingId: number | null;
  companyBookingId: number | null;
  companyId: number | null;
  grantedAt: Date;
  /** the manager's due date of an assignment (issue 36); null = none */
  dueAt: Date | null;
}
const toGrant = (r: EnrolmentRow): Grant => ({
  id: r.id,
  seminarId: r.seminarId,
  userId: r.userId,
  source: r.source as Grant['source'],
  bookingId: r.bookingId,
  companyBookingId: r.companyBookingId,
  companyId: r.companyId,
  grantedAt: r.grantedAt,
  dueAt: r.dueAt ?? null,
});

/**
 * Who holds a seminar, and through what (docs/decisions.md, issue 12). A person holds a seminar
 * through one or more grants: a free booking, a settled purchase, an assignment to a company
 * booking. The access link of an assignment plays through that grant; the owner's and an
 * admin's own access follow from the seminar and the role (seminar policy), not from a grant.
 * Losing one grant leaves the others standing. This service is the only way to the grants;
 * writes take an optional transaction of the caller (payments grant inside theirs).
 */
export function createEnrolmentsService(deps: { db: Db }) {
  const { db } = deps;
  return {
    /** what this module keeps about a person: the data export and the account erasure (issue 19) */
    personalData: enrolmentsPersonalData(db),
    /**
     * what the scheduled mails read (module notifications, issue 36): due assignments, a company's
     * overdue and finished ones, first grants (drip), one assignment (the manager's reminder)
     */
    reminders: enrolmentReminderReads(db),
    /** a company's assignments for its team view, and their due dates (issue 36; in `tx` when given) */
    team: (tx: DbOrTx = db) => enrolmentTeamView(tx),
    /** the grants that take a company's package seats (issue 38 item 4; in `tx` when given) */
    seats: (tx: DbOrTx = db) => enrolmentSeats(tx),
    /** whether `userId` holds `seminarId` through any grant (one prepared query) */
    holds: (userId: number, seminarId: number) => repo.holds(db, userId, seminarId),
    /** of `seminarIds`, the ones `userId` holds */
    heldAmong: (userId: number, seminarIds: number[]) => repo.heldAmong(db, userId, seminarIds),
    /** the seminars `userId` holds, the most recently granted first */
    seminarsOf: (userId: number) => repo.seminarsOf(db, userId),
    /** every grant through which `userId` holds `seminarId` */
    async grantsOf(userId: number, seminarId: number): Promise<Grant[]> {
      return (await repo.grantsOf(db, userId, seminarId)).map(toGrant);
    },
    /** every grant of `userId`, the newest first */
    async grantsOfUser(userId: number): Promise<Grant[]> {
      return (await repo.grantsOfUser(db, userId)).map(toGrant);
    },
    async find(id: number): Promise<Grant | undefined> {
      const row = await repo.findById(db, id);
      return row && toGrant(row);
    },

    /** a free booking: the `free` grant (one per seminar and user) and whether it is new */
    async grantFree(
      userId: number,
      seminarId: number,
      at: Date,
    ): Promise<{ grant: Grant; created: boolean }> {
      const { row, created } = await repo.grantFree(db, { userId, seminarId, at });
      return { grant: toGrant(row), created };
    },
    /** a settled purchase becomes a grant (once; payments call this inside their transaction) */
    grantPurchase: (booking: { id: number; seminarId: number; userId: number }, at: Date, tx: DbOrTx = db) =>
      repo.grantBooking(tx, {
        bookingId: booking.id,
        seminarId: booking.seminarId,
        userId: booking.userId,
        at,
      }),
    /** the grant of a purchase ends (a refund); other grants stay */
    revokeBooking: (bookingId: number, tx: DbOrTx = db) => repo.revokeBooking(tx, bookingId),

    /**
     * Grants a company booking's seminar to `userIds`, whatever personal booking they have (a
     * pending or ended purchase does not stand in the way). Returns each user's company grant.
     */
    assign: (
      values: {
        companyBookingId: number;
        companyId: number;
        seminarId: number;
        userIds: number[];
        grantedBy: number | null;
        at: Date;
      },
      tx: DbOrTx = db,
    ) => repo.assign(tx, values),
    /** ends company grants; returns the users that had one */
    unassign: (companyBookingId: number, userIds: number[], tx: DbOrTx = db) =>
      repo.unassign(tx, companyBookingId, userIds),
    /** ends every company grant of `userId` in the company (the member leaves) */
    unassignAllOf: (companyId: number, userId: number, tx: DbOrTx = db) =>
      repo.unassignAllOf(tx, companyId, userId),

    /** company grants with their users, by seminars, companies (null: all) or user */
    companyLearners: (where: Parameters<typeof repo.companyGrants>[1]) => repo.companyGrants(db, where),
    /** a page of a seminar's company grants by company name and employee name (issue 39) */
    companyLearnersPage: (seminarId: number, f: GrantPageFilter, page: Page) =>
      companyGrantsPage(db, seminarId, f, page),
    /** the first grants of each seminar with their users: personal newest first, company by name */
    firstLearners: (seminarIds: number[], kind: 'personal' | 'company', perSeminar: number) =>
      firstGrantsPerSeminar(db, seminarIds, kind, perSeminar),
    /** one page of a seminar's personal bookings, newest first (`q`: in name or e-mail) */
    async personalBookings(seminarId: number, q: { page: number; per_page: number; q?: string }) {
      const { rows, total } = await personalBookingsPage(db, seminarId, {
        q: q.q?.trim() || undefined,
        limit: q.per_page,
        offset: (q.page - 1) * q.per_page,
      });
      return { rows, total };
    },
    /** number of assigned employees per company booking */
    assignedCounts: (companyBookingIds: number[]) => repo.assignedCounts(db, companyBookingIds),
    /** one page of a seminar's learners, personal and company (or one kind) */
    async learners(
      seminarId: number,
      q: { page: number; per_page: number; kind?: 'personal' | 'company'; companyIds?: number[] | null },
    ) {
      const { rows, total } = await repo.learnersPage(db, seminarId, {
        kind: q.kind,
        companyIds: q.companyIds,
        limit: q.per_page,
        offset: (q.page - 1) * q.per_page,
      });
      return {
        data: rows.map((r) => ({ grant: toGrant(r.enrolment), user: r.user })),
        current_page: q.page,
        last_page: Math.max(1, Math.ceil(total / q.per_page)),
        per_page: q.per_page,
        total,
      };
    },
    /** how many personal learners (free bookings, settled purchases) each seminar has */
    personalCounts: (seminarIds: number[]) => repo.personalCounts(db, seminarIds),
    /** how many grants a seminar has (any source) */
    countOfSeminar: (seminarId: number) => repo.countOfSeminar(db, seminarId),
  };
}
