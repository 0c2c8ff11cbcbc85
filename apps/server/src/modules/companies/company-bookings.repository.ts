import { and, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  accessLinks,
  bookings,
  chapters,
  chapterUsers,
  companies,
  companyBookings,
  companyInvitations,
  mcTests,
  seminars,
  userGraduateMctests,
  users,
} from '../../db/schema/index.ts';
import { OWN_GRANTING } from '../seminars/booking-status.ts';
import { type SeminarListRow, seminarWithOwner } from '../seminars/seminars.repository.ts';

export type CompanyBookingRow = typeof companyBookings.$inferSelect;
export type AccessLinkRow = typeof accessLinks.$inferSelect;
export type InvitationRow = typeof companyInvitations.$inferSelect;

const companyRef = { id: companies.id, name: companies.name, shortName: companies.shortName };
const assignedCount = sql<number>`(select count(*)::int from ${bookings} a
  where a.company_booking_id = ${sql.raw('"company_bookings"."id"')})`;
/** company bookings that grant the seminar */
const granting = inArray(companyBookings.status, [...OWN_GRANTING]);

export interface CompanyBookingListRow extends SeminarListRow {
  booking: CompanyBookingRow;
  company: { id: number; name: string; shortName: string };
  assignedCount: number;
}

export interface AssignmentRow {
  bookingId: number;
  assignedAt: Date;
  seminarId: number;
  company: { id: number; name: string; shortName: string };
  user: { id: number; username: string; firstName: string; lastName: string; email: string };
}

export interface AccessLinkListRow {
  link: AccessLinkRow;
  seminar: { id: number; title: string; slug: string };
  employee: { id: number; firstName: string; lastName: string; username: string };
  company: { id: number; name: string; shortName: string };
}

/** The only place that builds queries on company bookings, assignments, access links and invitations. */
export const companyBookingsRepository = {
  async find(db: DbOrTx, companyId: number, seminarId: number): Promise<CompanyBookingRow | undefined> {
    const [row] = await db
      .select()
      .from(companyBookings)
      .where(and(eq(companyBookings.companyId, companyId), eq(companyBookings.seminarId, seminarId)))
      .limit(1);
    return row;
  },

  /** inserts a free company booking once; returns it and whether it was new */
  async insertFree(
    db: DbOrTx,
    values: { companyId: number; seminarId: number; bookedBy: number | null; currency: string },
  ): Promise<{ booking: CompanyBookingRow; created: boolean }> {
    const [inserted] = await db
      .insert(companyBookings)
      .values({ ...values, status: 'free', price: 0, grantedAt: new Date() })
      .onConflictDoNothing({ target: [companyBookings.companyId, companyBookings.seminarId] })
      .returning();
    if (inserted) return { booking: inserted, created: true };
    const existing = await companyBookingsRepository.find(db, values.companyId, values.seminarId);
    if (!existing) throw new Error('company booking vanished');
    return { booking: existing, created: false };
  },

  /**
   * A manager's paid purchase for the company: the company booking becomes `paid` (created when
   * missing). Runs in the payment's grant transaction.
   */
  async grantPurchase(
    db: DbOrTx,
    purchase: { seminarId: number; userId: number; price: number; currency: string },
    companyId: number,
    at: Date,
  ): Promise<void> {
    await db
      .insert(companyBookings)
      .values({
        companyId,
        seminarId: purchase.seminarId,
        bookedBy: purchase.userId,
        status: 'paid',
        price: purchase.price,
        currency: purchase.currency,
        grantedAt: at,
      })
      .onConflictDoUpdate({
        target: [companyBookings.companyId, companyBookings.seminarId],
        set: {
          status: 'paid',
          price: purchase.price,
          grantedAt: sql`coalesce(${companyBookings.grantedAt}, ${at.toISOString()}::timestamptz)`,
          updatedAt: at,
        },
      });
  },

  /** company bookings of the given companies (all when null), newest first */
  async listForCompanies(
    db: DbOrTx,
    companyIds: number[] | null,
    onlyBookingId?: number,
  ): Promise<CompanyBookingListRow[]> {
    if (companyIds?.length === 0) return [];
    return db
      .select({ ...seminarWithOwner, booking: companyBookings, company: companyRef, assignedCount })
      .from(companyBookings)
      .innerJoin(seminars, eq(seminars.id, companyBookings.seminarId))
      .innerJoin(users, eq(users.id, seminars.ownerId))
      .innerJoin(companies, eq(companies.id, companyBookings.companyId))
      .where(
        and(
          companyIds ? inArray(companyBookings.companyId, companyIds) : undefined,
          onlyBookingId !== undefined ? eq(companyBookings.id, onlyBookingId) : undefined,
        ),
      )
      .orderBy(desc(companyBookings.createdAt), desc(companyBookings.id));
  },

  /** the granting company bookings `userId` is assigned to */
  async listAssignedTo(db: DbOrTx, userId: number): Promise<CompanyBookingListRow[]> {
    return db
      .select({ ...seminarWithOwner, booking: companyBookings, company: companyRef, assignedCount })
      .from(bookings)
      .innerJoin(companyBookings, eq(companyBookings.id, bookings.companyBookingId))
      .innerJoin(seminars, eq(seminars.id, companyBookings.seminarId))
      .innerJoin(users, eq(users.id, seminars.ownerId))
      .innerJoin(companies, eq(companies.id, companyBookings.companyId))
      .where(and(eq(bookings.userId, userId), eq(bookings.status, 'company'), granting))
      .orderBy(desc(bookings.createdAt));
  },

  /**
   * The company's seminars: those made for it (isCompany) and those it booked, newest first, each
   * with the company's booking when there is one.
   */
  async companySeminars(
    db: DbOrTx,
    companyId: number,
  ): Promise<(SeminarListRow & { booking: CompanyBookingRow | null })[]> {
    return db
      .select({ ...seminarWithOwner, booking: companyBookings })
      .from(seminars)
      .innerJoin(users, eq(users.id, seminars.ownerId))
      .leftJoin(
        companyBookings,
        and(eq(companyBookings.seminarId, seminars.id), eq(companyBookings.companyId, companyId)),
      )
      .where(
        or(
          and(eq(seminars.isCompany, true), eq(seminars.companyId, companyId)),
          sql`${companyBookings.id} is not null`,
        ),
      )
      .orderBy(desc(seminars.createdAt), desc(seminars.id));
  },

  /**
   * Assigns users to a company booking: a `company` booking per user; a user who already holds a
   * booking of the seminar keeps it. Returns every user's booking id.
   */
  async assign(
    db: DbOrTx,
    booking: CompanyBookingRow,
    userIds: number[],
  ): Promise<{ userId: number; bookingId: number }[]> {
    await db
      .insert(bookings)
      .values(
        userIds.map((userId) => ({
          seminarId: booking.seminarId,
          userId,
          status: 'company',
          price: 0,
          currency: booking.currency,
          companyBookingId: booking.id,
          grantedAt: new Date(),
        })),
      )
      .onConflictDoNothing({ target: [bookings.seminarId, bookings.userId] });
    const rows = await db
      .select({ userId: bookings.userId, bookingId: bookings.id })
      .from(bookings)
      .where(and(eq(bookings.seminarId, booking.seminarId), inArray(bookings.userId, userIds)));
    return rows.sort((a, b) => a.userId - b.userId);
  },

  /** ends the assignments of `userIds` to the company booking; returns the user ids that had one */
  async unassign(db: DbOrTx, companyBookingId: number, userIds: number[]): Promise<number[]> {
    const rows = await db
      .delete(bookings)
      .where(and(eq(bookings.companyBookingId, companyBookingId), inArray(bookings.userId, userIds)))
      .returning({ userId: bookings.userId });
    return rows.map((r) => r.userId).sort((a, b) => a - b);
  },

  /** ends every assignment of `userId` to bookings of the company (the member leaves) */
  async unassignAllOf(db: DbOrTx, companyId: number, userId: number): Promise<void> {
    await db
      .delete(bookings)
      .where(
        and(
          eq(bookings.userId, userId),
          inArray(
            bookings.companyBookingId,
            db
              .select({ id: companyBookings.id })
              .from(companyBookings)
              .where(eq(companyBookings.companyId, companyId)),
          ),
        ),
      );
  },

  /** assignments to company bookings of a seminar (of the given companies; all when null) */
  async assignments(db: DbOrTx, seminarIds: number[], companyIds: number[] | null): Promise<AssignmentRow[]> {
    if (seminarIds.length === 0 || companyIds?.length === 0) return [];
    return db
      .select({
        bookingId: bookings.id,
        assignedAt: bookings.createdAt,
        seminarId: bookings.seminarId,
        company: companyRef,
        user: {
          id: users.id,
          username: users.username,
          firstName: users.firstName,
          lastName: users.lastName,
          email: users.email,
        },
      })
      .from(bookings)
      .innerJoin(companyBookings, eq(companyBookings.id, bookings.companyBookingId))
      .innerJoin(companies, eq(companies.id, companyBookings.companyId))
      .innerJoin(users, eq(users.id, bookings.userId))
      .where(
        and(
          inArray(bookings.seminarId, seminarIds),
          eq(bookings.status, 'company'),
          companyIds ? inArray(companyBookings.companyId, companyIds) : undefined,
        ),
      )
      .orderBy(companies.name, users.lastName, users.firstName, users.id);
  },

  /** the company bookings of a seminar (of the given companies; all when null) */
  async seminarCompanies(db: DbOrTx, seminarIds: number[], companyIds: number[] | null) {
    if (seminarIds.length === 0 || companyIds?.length === 0) return [];
    return db
      .select({ booking: companyBookings, company: companyRef, assignedCount })
      .from(companyBookings)
      .innerJoin(companies, eq(companies.id, companyBookings.companyId))
      .where(
        and(
          inArray(companyBookings.seminarId, seminarIds),
          companyIds ? inArray(companyBookings.companyId, companyIds) : undefined,
        ),
      )
      .orderBy(companies.name);
  },

  /** one employee assignment with its company booking (access-link generation) */
  async findAssignment(db: DbOrTx, bookingId: number) {
    const [row] = await db
      .select({ booking: bookings, companyBooking: companyBookings })
      .from(bookings)
      .innerJoin(companyBookings, eq(companyBookings.id, bookings.companyBookingId))
      .where(and(eq(bookings.id, bookingId), eq(bookings.status, 'company')))
      .limit(1);
    return row;
  },

  /**
   * Per member of the company: their assignments to the company's bookings with chapter progress,
   * and their best stopped run per test on chapters of those seminars (three queries in all).
   */
  async progress(db: DbOrTx, companyId: number) {
    const assigned = await db
      .select({
        userId: bookings.userId,
        bookingId: bookings.id,
        seminar: { id: seminars.id, title: seminars.title, slug: seminars.slug },
        total: sql<number>`(select count(*)::int from ${chapters} c where c.seminar_id = ${seminars.id})`,
        done: sql<number>`(select count(*)::int from ${chapterUsers} cu join ${chapters} c on c.id = cu.chapter_id
          where c.seminar_id = ${seminars.id} and cu.user_id = ${bookings.userId})`,
      })
      .from(bookings)
      .innerJoin(companyBookings, eq(companyBookings.id, bookings.companyBookingId))
      .innerJoin(seminars, eq(seminars.id, bookings.seminarId))
      .where(and(eq(companyBookings.companyId, companyId), eq(bookings.status, 'company')))
      .orderBy(seminars.title);
    if (assigned.length === 0) return { assigned, runs: [] };
    const runs = await db
      .select({
        userId: userGraduateMctests.userId,
        seminarId: chapters.seminarId,
        mcTestId: mcTests.id,
        label: mcTests.label,
        achievedPercent: sql<number>`max(${userGraduateMctests.achievedPercent})`,
        accomp: sql<boolean>`bool_or(coalesce(${userGraduateMctests.accomp}, false))`,
        passed: sql<boolean>`bool_or(${userGraduateMctests.passed} = 1)`,
      })
      .from(userGraduateMctests)
      .innerJoin(mcTests, eq(mcTests.id, userGraduateMctests.mcTestId))
      .innerJoin(chapters, eq(chapters.id, mcTests.chapterId))
      .where(
        and(
          inArray(userGraduateMctests.userId, [...new Set(assigned.map((a) => a.userId))]),
          inArray(chapters.seminarId, [...new Set(assigned.map((a) => a.seminar.id))]),
          sql`${userGraduateMctests.stoppedAt} is not null`,
        ),
      )
      .groupBy(userGraduateMctests.userId, chapters.seminarId, mcTests.id, mcTests.label)
      .orderBy(mcTests.label);
    return { assigned, runs };
  },

  // access links
  async insertLink(
    db: DbOrTx,
    values: {
      tokenHash: string;
      tokenSealed: string;
      bookingId: number;
      createdBy: number | null;
      expiresAt: Date;
    },
  ): Promise<AccessLinkRow> {
    const [row] = await db.insert(accessLinks).values(values).returning();
    if (!row) throw new Error('insert returned no row');
    return row;
  },
  /** a link with what it opens (seminar, employee, company) */
  async linkWhere(db: DbOrTx, where: { id?: number; tokenHash?: string }) {
    const [row] = await db
      .select({
        link: accessLinks,
        seminar: { id: seminars.id, title: seminars.title, slug: seminars.slug },
        employee: {
          id: users.id,
          firstName: users.firstName,
          lastName: users.lastName,
          username: users.username,
        },
        company: companyRef,
        companyBookingStatus: companyBookings.status,
        employeeDisabledAt: users.disabledAt,
      })
      .from(accessLinks)
      .innerJoin(bookings, eq(bookings.id, accessLinks.bookingId))
      .innerJoin(seminars, eq(seminars.id, bookings.seminarId))
      .innerJoin(users, eq(users.id, bookings.userId))
      .innerJoin(companyBookings, eq(companyBookings.id, bookings.companyBookingId))
      .innerJoin(companies, eq(companies.id, companyBookings.companyId))
      .where(
        where.id !== undefined
          ? eq(accessLinks.id, where.id)
          : eq(accessLinks.tokenHash, where.tokenHash ?? ''),
      )
      .limit(1);
    return row;
  },
  async listLinks(
    db: DbOrTx,
    companyIds: number[] | null,
    page: { limit: number; offset: number },
  ): Promise<{ rows: AccessLinkListRow[]; total: number }> {
    if (companyIds?.length === 0) return { rows: [], total: 0 };
    const scope = companyIds ? inArray(companyBookings.companyId, companyIds) : undefined;
    const base = () =>
      db
        .select({
          link: accessLinks,
          seminar: { id: seminars.id, title: seminars.title, slug: seminars.slug },
          employee: {
            id: users.id,
            firstName: users.firstName,
            lastName: users.lastName,
            username: users.username,
          },
          company: companyRef,
        })
        .from(accessLinks)
        .innerJoin(bookings, eq(bookings.id, accessLinks.bookingId))
        .innerJoin(seminars, eq(seminars.id, bookings.seminarId))
        .innerJoin(users, eq(users.id, bookings.userId))
        .innerJoin(companyBookings, eq(companyBookings.id, bookings.companyBookingId))
        .innerJoin(companies, eq(companies.id, companyBookings.companyId));
    const [rows, [count]] = await Promise.all([
      base()
        .where(scope)
        .orderBy(desc(accessLinks.createdAt), desc(accessLinks.id))
        .limit(page.limit)
        .offset(page.offset),
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(accessLinks)
        .innerJoin(bookings, eq(bookings.id, accessLinks.bookingId))
        .innerJoin(companyBookings, eq(companyBookings.id, bookings.companyBookingId))
        .where(scope),
    ]);
    return { rows, total: count?.n ?? 0 };
  },
  async revokeLink(db: DbOrTx, id: number, at: Date): Promise<void> {
    await db
      .update(accessLinks)
      .set({ revokedAt: at })
      .where(and(eq(accessLinks.id, id), isNull(accessLinks.revokedAt)));
  },
  /** revokes every live access link to an assignment of `userId` (the account was disabled) */
  async revokeLinksOfUser(db: DbOrTx, userId: number, at: Date): Promise<void> {
    await db
      .update(accessLinks)
      .set({ revokedAt: at })
      .where(
        and(
          isNull(accessLinks.revokedAt),
          inArray(
            accessLinks.bookingId,
            db.select({ id: bookings.id }).from(bookings).where(eq(bookings.userId, userId)),
          ),
        ),
      );
  },
  async touchLink(db: DbOrTx, id: number, at: Date): Promise<void> {
    await db.update(accessLinks).set({ lastUsedAt: at }).where(eq(accessLinks.id, id));
  },

  // invitations
  /** a new invitation; the company's earlier ones stop working (one transaction) */
  async replaceInvitation(
    db: DbOrTx,
    values: { companyId: number; tokenHash: string; createdBy: number; expiresAt: Date },
    at: Date,
  ): Promise<InvitationRow> {
    return db.transaction(async (tx) => {
      await tx
        .update(companyInvitations)
        .set({ revokedAt: at })
        .where(and(eq(companyInvitations.companyId, values.companyId), isNull(companyInvitations.revokedAt)));
      const [row] = await tx.insert(companyInvitations).values(values).returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    });
  },
  async currentInvitation(db: DbOrTx, companyId: number, at: Date): Promise<InvitationRow | undefined> {
    const [row] = await db
      .select()
      .from(companyInvitations)
      .where(
        and(
          eq(companyInvitations.companyId, companyId),
          isNull(companyInvitations.revokedAt),
          sql`${companyInvitations.expiresAt} > ${at.toISOString()}`,
        ),
      )
      .orderBy(desc(companyInvitations.createdAt))
      .limit(1);
    return row;
  },
  async invitationByHash(db: DbOrTx, tokenHash: string) {
    const [row] = await db
      .select({ invitation: companyInvitations, company: companyRef })
      .from(companyInvitations)
      .innerJoin(companies, eq(companies.id, companyInvitations.companyId))
      .where(eq(companyInvitations.tokenHash, tokenHash))
      .limit(1);
    return row;
  },
  async revokeInvitations(db: DbOrTx, companyId: number, at: Date): Promise<void> {
    await db
      .update(companyInvitations)
      .set({ revokedAt: at })
      .where(and(eq(companyInvitations.companyId, companyId), isNull(companyInvitations.revokedAt)));
  },
};
