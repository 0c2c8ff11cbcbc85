import { and, eq, inArray, isNull, notExists, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { bookings, payments, seminars } from '../../db/schema/index.ts';
import { bookingStatusFor, PAYMENT_MANAGED_STATUSES, STORED_STATUSES } from './payments.state.ts';

export type BookingRow = typeof bookings.$inferSelect;

/** a booking with the seminar facts its owner's pages show */
export type BookingWithSeminar = {
  booking: BookingRow;
  seminar: {
    id: number;
    title: string;
    slug: string;
    price: number;
    isPublic: boolean;
    isCompany: boolean;
    companyId: number | null;
  };
};

// written out: Drizzle renders a column of the updated table without its table name, which a
// subquery on payments would read as its own column
const bookingIdCol = sql.raw('"bookings"."id"');

/**
 * The booking's status from its latest attempt, in one statement (so that two webhooks for two
 * attempts cannot leave a stale status behind). `paid` is never derived: only the grant, in the
 * same transaction as the paid attempt, sets it.
 */
const derivedStatus = sql`case (select p.status from ${payments} p where p.booking_id = ${bookingIdCol}
    and p.status <> 'creating' order by p.id desc limit 1)
  ${sql.join(
    STORED_STATUSES.filter((s) => s !== 'creating').map(
      (s) => sql`when ${s} then ${s === 'paid' ? 'pending' : bookingStatusFor(s)}`,
    ),
    sql` `,
  )}
  else ${bookings.status} end`;

/** the user's personal booking of the seminar (a seat package's booking is not one; issue 38 item 4) */
const personal = (seminarId: number, userId: number) =>
  and(eq(bookings.seminarId, seminarId), eq(bookings.userId, userId), isNull(bookings.seatPackageId));

/** The payment side of bookings: the pending booking a checkout holds, its grant and its status. */
export const paymentBookingsRepository = {
  async findBooking(db: DbOrTx, seminarId: number, userId: number): Promise<BookingRow | undefined> {
    const [row] = await db.select().from(bookings).where(personal(seminarId, userId)).limit(1);
    return row;
  },
  async findBookingWithSeminar(db: DbOrTx, bookingId: number): Promise<BookingWithSeminar | undefined> {
    const [row] = await db
      .select({
        booking: bookings,
        seminar: {
          id: seminars.id,
          title: seminars.title,
          slug: seminars.slug,
          price: seminars.price,
          isPublic: seminars.isPublic,
          isCompany: seminars.isCompany,
          companyId: seminars.companyId,
        },
      })
      .from(bookings)
      .innerJoin(seminars, eq(seminars.id, bookings.seminarId))
      .where(eq(bookings.id, bookingId))
      .limit(1);
    return row;
  },
  /** a pending booking unless the user has one already (unique per seminar and user) */
  async insertPendingBooking(
    db: DbOrTx,
    values: {
      seminarId: number;
      userId: number;
      price: number;
      currency: string;
      forCompanyId: number | null;
      reference?: string | null;
    },
  ): Promise<void> {
    await db
      .insert(bookings)
      .values({ ...values, status: 'pending' })
      .onConflictDoNothing({
        target: [bookings.seminarId, bookings.userId],
        where: isNull(bookings.seatPackageId),
      });
  },
  /** the pending booking of a company's seat package (issue 38 item 4; one per package) */
  async insertSeatBooking(
    db: DbOrTx,
    values: {
      seminarId: number;
      userId: number;
      price: number;
      quantity: number;
      currency: string;
      forCompanyId: number;
      reference: string | null;
      seatPackageId: number;
    },
  ): Promise<BookingRow> {
    const [row] = await db
      .insert(bookings)
      .values({ ...values, status: 'pending' })
      .returning();
    if (!row) throw new Error('insert returned no row');
    return row;
  },
  /** whom an unpaid booking buys for: the user (null) or a company, with the buyer's reference */
  async setPurchaser(
    db: DbOrTx,
    bookingId: number,
    forCompanyId: number | null,
    reference: string | null = null,
  ): Promise<void> {
    await db
      .update(bookings)
      .set({ forCompanyId, reference, updatedAt: new Date() })
      .where(and(eq(bookings.id, bookingId), isNull(bookings.grantedAt)));
  },
  /** the booking, locked until the transaction ends */
  async lockBooking(db: DbOrTx, seminarId: number, userId: number): Promise<BookingRow | undefined> {
    const [row] = await db.select().from(bookings).where(personal(seminarId, userId)).for('update').limit(1);
    return row;
  },
  /** drops a pending booking that never got a payment (the provider refused the first attempt) */
  async deleteBookingWithoutPayments(db: DbOrTx, bookingId: number): Promise<void> {
    await db
      .delete(bookings)
      .where(
        and(
          eq(bookings.id, bookingId),
          eq(bookings.status, 'pending'),
          isNull(bookings.grantedAt),
          notExists(db.select({ one: sql`1` }).from(payments).where(eq(payments.bookingId, bookingId))),
        ),
      );
  },
  /**
   * Grants the seminar: exactly once per booking (`granted_at` is set by the first caller only).
   * Returns the booking to the caller that granted it, undefined to everyone else.
   */
  async grant(db: DbOrTx, bookingId: number, at: Date): Promise<BookingRow | undefined> {
    const [row] = await db
      .update(bookings)
      .set({ status: 'paid', grantedAt: at, updatedAt: at })
      .where(
        and(
          eq(bookings.id, bookingId),
          isNull(bookings.grantedAt),
          inArray(bookings.status, [...PAYMENT_MANAGED_STATUSES]),
        ),
      )
      .returning();
    return row;
  },
  /** a booking not granted yet follows its latest attempt */
  async deriveStatus(db: DbOrTx, bookingId: number): Promise<void> {
    await db
      .update(bookings)
      .set({ status: derivedStatus, updatedAt: new Date() })
      .where(
        and(
          eq(bookings.id, bookingId),
          isNull(bookings.grantedAt),
          inArray(bookings.status, [...PAYMENT_MANAGED_STATUSES]),
        ),
      );
  },
};
