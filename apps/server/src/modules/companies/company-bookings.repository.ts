import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { chapters, companies, companyBookings, mcTests, userGraduateMctests } from '../../db/schema/index.ts';

export type CompanyBookingRow = typeof companyBookings.$inferSelect;

/** company booking statuses that grant the seminar to the company */
export const COMPANY_GRANTING = ['free', 'paid'] as const;
/** whether a company booking in `status` holds the seminar */
export const companyGrants = (status: string | null | undefined): boolean =>
  (COMPANY_GRANTING as readonly string[]).includes(status ?? '');

const companyRef = { id: companies.id, name: companies.name, shortName: companies.shortName };

export interface CompanyBookingWithCompany {
  booking: CompanyBookingRow;
  company: { id: number; name: string; shortName: string };
}

/** The only place that builds queries on company bookings. */
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

  /** company bookings (with their company) of the given companies (all when null), newest first */
  async listForCompanies(
    db: DbOrTx,
    where: { companyIds?: number[] | null; ids?: number[]; seminarIds?: number[] },
  ): Promise<CompanyBookingWithCompany[]> {
    if (where.companyIds?.length === 0 || where.ids?.length === 0 || where.seminarIds?.length === 0)
      return [];
    return db
      .select({ booking: companyBookings, company: companyRef })
      .from(companyBookings)
      .innerJoin(companies, eq(companies.id, companyBookings.companyId))
      .where(
        and(
          where.companyIds ? inArray(companyBookings.companyId, where.companyIds) : undefined,
          where.ids ? inArray(companyBookings.id, where.ids) : undefined,
          where.seminarIds ? inArray(companyBookings.seminarId, where.seminarIds) : undefined,
        ),
      )
      .orderBy(desc(companyBookings.createdAt), desc(companyBookings.id));
  },

  /**
   * The best stopped run per test on chapters of the seminars, of the users (the employee view;
   * its chapter counts are the progress read model's, company-progress.ts)
   */
  async bestRuns(db: DbOrTx, pairs: { userId: number; seminarId: number }[]) {
    if (pairs.length === 0) return [];
    const userIds = [...new Set(pairs.map((p) => p.userId))];
    const seminarIds = [...new Set(pairs.map((p) => p.seminarId))];
    return db
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
          inArray(userGraduateMctests.userId, userIds),
          inArray(chapters.seminarId, seminarIds),
          sql`${userGraduateMctests.stoppedAt} is not null`,
        ),
      )
      .groupBy(userGraduateMctests.userId, chapters.seminarId, mcTests.id, mcTests.label)
      .orderBy(mcTests.label);
  },

  /** the number of company bookings per seminar, for the given seminars */
  async countsBySeminar(db: DbOrTx, seminarIds: number[]): Promise<Map<number, number>> {
    if (seminarIds.length === 0) return new Map();
    const rows = await db
      .select({ seminarId: companyBookings.seminarId, n: sql<number>`count(*)::int` })
      .from(companyBookings)
      .where(inArray(companyBookings.seminarId, seminarIds))
      .groupBy(companyBookings.seminarId);
    return new Map(rows.map((r) => [r.seminarId, r.n]));
  },
};
