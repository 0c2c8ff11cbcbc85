import { and, asc, desc, eq, gt, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { companyBookings, seatPackages, seminars } from '../../db/schema/index.ts';

export type SeatPackageRow = typeof seatPackages.$inferSelect;
export interface SeatPackageWithSeminar {
  pkg: SeatPackageRow;
  seminar: { id: number; title: string };
}

/** The only place that builds queries on seat packages (issue 38 item 4). */
export const seatPackagesRepository = {
  async insertPending(
    db: DbOrTx,
    values: Omit<typeof seatPackages.$inferInsert, 'id' | 'status' | 'seats' | 'createdAt' | 'updatedAt'>,
  ): Promise<SeatPackageRow> {
    const [row] = await db
      .insert(seatPackages)
      .values({ ...values, status: 'pending', seats: values.seatsBought })
      .returning();
    return row!;
  },
  async find(db: DbOrTx, id: number): Promise<SeatPackageRow | undefined> {
    const [row] = await db.select().from(seatPackages).where(eq(seatPackages.id, id)).limit(1);
    return row;
  },
  /** the package, locked until the transaction ends (refunds) */
  async lock(db: DbOrTx, id: number): Promise<SeatPackageRow | undefined> {
    const [row] = await db.select().from(seatPackages).where(eq(seatPackages.id, id)).for('update').limit(1);
    return row;
  },
  /** a company's packages with their seminar, the newest first (one seminar when given) */
  async ofCompany(db: DbOrTx, companyId: number, seminarId?: number): Promise<SeatPackageWithSeminar[]> {
    return db
      .select({ pkg: seatPackages, seminar: { id: seminars.id, title: seminars.title } })
      .from(seatPackages)
      .innerJoin(seminars, eq(seminars.id, seatPackages.seminarId))
      .where(
        and(
          eq(seatPackages.companyId, companyId),
          seminarId !== undefined ? eq(seatPackages.seminarId, seminarId) : undefined,
        ),
      )
      .orderBy(desc(seatPackages.createdAt), desc(seatPackages.id));
  },
  /** the paid packages of a company's seminar valid at `at` */
  async valid(db: DbOrTx, companyId: number, seminarId: number, at: Date): Promise<SeatPackageRow[]> {
    return db
      .select()
      .from(seatPackages)
      .where(
        and(
          eq(seatPackages.companyId, companyId),
          eq(seatPackages.seminarId, seminarId),
          eq(seatPackages.status, 'paid'),
          lte(seatPackages.validFrom, at),
          gt(seatPackages.validUntil, at),
        ),
      )
      .orderBy(asc(seatPackages.validUntil), asc(seatPackages.id));
  },
  /** paid: the package grants from now on (once; answers it to the first caller only) */
  async markPaid(db: DbOrTx, id: number, at: Date): Promise<SeatPackageRow | undefined> {
    const [row] = await db
      .update(seatPackages)
      .set({ status: 'paid', paidAt: at, updatedAt: at })
      .where(and(eq(seatPackages.id, id), eq(seatPackages.status, 'pending')))
      .returning();
    return row;
  },
  /** a refund took `k` seats (all: `refunded`) */
  async takeSeats(db: DbOrTx, id: number, k: number, at: Date): Promise<void> {
    await db
      .update(seatPackages)
      .set({
        seats: sql`greatest(${seatPackages.seats} - ${k}, 0)`,
        status: sql`case when ${seatPackages.seats} - ${k} <= 0 then 'refunded' else ${seatPackages.status} end`,
        updatedAt: at,
      })
      .where(eq(seatPackages.id, id));
  },
  /**
   * The company's booking that seat grants hang on (status `seats`: no seat without a package),
   * made once; an unlimited (`free`/`paid`) booking of the company stays as it is.
   */
  async ensureSeatBooking(
    db: DbOrTx,
    values: { companyId: number; seminarId: number; bookedBy: number | null; currency: string; at: Date },
  ): Promise<void> {
    await db
      .insert(companyBookings)
      .values({
        companyId: values.companyId,
        seminarId: values.seminarId,
        bookedBy: values.bookedBy,
        status: 'seats',
        price: 0,
        currency: values.currency,
        grantedAt: values.at,
      })
      .onConflictDoNothing({ target: [companyBookings.companyId, companyBookings.seminarId] });
  },
  /** the company booking of a seminar, locked (assignments of seats are decided one at a time) */
  async lockBooking(db: DbOrTx, companyId: number, seminarId: number) {
    const [row] = await db
      .select()
      .from(companyBookings)
      .where(and(eq(companyBookings.companyId, companyId), eq(companyBookings.seminarId, seminarId)))
      .for('update')
      .limit(1);
    return row;
  },
  /** paid packages ending in [from, to): the expiry warnings (notifications) */
  async endingBetween(db: DbOrTx, from: Date, to: Date) {
    return db
      .select({ pkg: seatPackages, seminar: { id: seminars.id, title: seminars.title } })
      .from(seatPackages)
      .innerJoin(seminars, eq(seminars.id, seatPackages.seminarId))
      .where(
        and(
          eq(seatPackages.status, 'paid'),
          gt(seatPackages.validUntil, from),
          lte(seatPackages.validUntil, to),
        ),
      )
      .orderBy(asc(seatPackages.id));
  },
};
