import { and, count, desc, eq, gte, inArray, isNull, lt, ne, notExists, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { type Page, paged } from '../../db/query-helpers.ts';
import { bookings, payments, seminars, users } from '../../db/schema/index.ts';
import {
  allowedFrom,
  bookingStatusFor,
  IN_PROGRESS_STATUSES,
  PAYMENT_MANAGED_STATUSES,
  STORED_STATUSES,
  type StoredPaymentStatus,
} from './payments.state.ts';

export type PaymentRow = typeof payments.$inferSelect;
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

/** The payments module's queries (payments, test checkout records, and the payment side of bookings). */
export const paymentsRepository = {
  async findBooking(db: DbOrTx, seminarId: number, userId: number): Promise<BookingRow | undefined> {
    const [row] = await db
      .select()
      .from(bookings)
      .where(and(eq(bookings.seminarId, seminarId), eq(bookings.userId, userId)))
      .limit(1);
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
    },
  ): Promise<void> {
    await db
      .insert(bookings)
      .values({ ...values, status: 'pending' })
      .onConflictDoNothing({ target: [bookings.seminarId, bookings.userId] });
  },
  /** whom an unpaid booking buys for: the user (null) or a company */
  async setPurchaser(db: DbOrTx, bookingId: number, forCompanyId: number | null): Promise<void> {
    await db
      .update(bookings)
      .set({ forCompanyId, updatedAt: new Date() })
      .where(and(eq(bookings.id, bookingId), isNull(bookings.grantedAt)));
  },
  /** the booking, locked until the transaction ends */
  async lockBooking(db: DbOrTx, seminarId: number, userId: number): Promise<BookingRow | undefined> {
    const [row] = await db
      .select()
      .from(bookings)
      .where(and(eq(bookings.seminarId, seminarId), eq(bookings.userId, userId)))
      .for('update')
      .limit(1);
    return row;
  },
  /** `creating` placeholders left behind by a process that died while asking the provider */
  async deleteStaleCreating(db: DbOrTx, bookingId: number, before: Date): Promise<void> {
    await db
      .delete(payments)
      .where(
        and(
          eq(payments.bookingId, bookingId),
          eq(payments.status, 'creating'),
          lt(payments.createdAt, before),
        ),
      );
  },
  async findInProgress(db: DbOrTx, bookingId: number): Promise<PaymentRow | undefined> {
    const [row] = await db
      .select()
      .from(payments)
      .where(and(eq(payments.bookingId, bookingId), inArray(payments.status, [...IN_PROGRESS_STATUSES])))
      .limit(1);
    return row;
  },
  async insertCreating(
    db: DbOrTx,
    values: {
      bookingId: number;
      userId: number;
      provider: string;
      placeholderId: string;
      amount: number;
      currency: string;
    },
  ): Promise<PaymentRow> {
    const [row] = await db
      .insert(payments)
      .values({
        bookingId: values.bookingId,
        userId: values.userId,
        provider: values.provider,
        providerId: values.placeholderId,
        amount: values.amount,
        currency: values.currency,
        status: 'creating',
      })
      .returning();
    if (!row) throw new Error('insert returned no row');
    return row;
  },
  /** the provider created the payment: the placeholder becomes the real attempt */
  async completeCreating(
    db: DbOrTx,
    id: number,
    values: { providerId: string; status: StoredPaymentStatus; checkoutUrl: string | null },
  ): Promise<void> {
    await db
      .update(payments)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(payments.id, id), eq(payments.status, 'creating')));
  },
  async deletePayment(db: DbOrTx, id: number): Promise<void> {
    await db.delete(payments).where(eq(payments.id, id));
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
  async findByProviderId(db: DbOrTx, provider: string, providerId: string): Promise<PaymentRow | undefined> {
    const [row] = await db
      .select()
      .from(payments)
      .where(and(eq(payments.provider, provider), eq(payments.providerId, providerId)))
      .limit(1);
    return row;
  },
  async findById(db: DbOrTx, id: number): Promise<PaymentRow | undefined> {
    const [row] = await db.select().from(payments).where(eq(payments.id, id)).limit(1);
    return row;
  },
  /** the latest attempt that is not a placeholder */
  async latestOfBooking(db: DbOrTx, bookingId: number): Promise<PaymentRow | undefined> {
    const [row] = await db
      .select()
      .from(payments)
      .where(and(eq(payments.bookingId, bookingId), ne(payments.status, 'creating')))
      .orderBy(desc(payments.id))
      .limit(1);
    return row;
  },
  async listOfBooking(db: DbOrTx, bookingId: number): Promise<PaymentRow[]> {
    return db
      .select()
      .from(payments)
      .where(and(eq(payments.bookingId, bookingId), ne(payments.status, 'creating')))
      .orderBy(desc(payments.id));
  },
  /**
   * Moves an attempt to the reported status when the state machine allows it (checked again in
   * the UPDATE, so concurrent webhooks cannot move it twice). Returns whether it moved.
   */
  async advance(db: DbOrTx, id: number, to: StoredPaymentStatus & string, paidAt: Date | null) {
    const from = to === 'creating' ? [] : allowedFrom(to);
    if (from.length === 0) return false;
    const rows = await db
      .update(payments)
      .set({ status: to, updatedAt: new Date(), ...(to === 'paid' ? { paidAt: paidAt ?? new Date() } : {}) })
      .where(and(eq(payments.id, id), inArray(payments.status, from)))
      .returning({ id: payments.id });
    return rows.length > 0;
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
  /** one page of a user's attempts (placeholders left out), newest first, with their seminar */
  async pageOfUser(db: DbOrTx, userId: number, limit: number, offset: number) {
    const where = and(eq(payments.userId, userId), ne(payments.status, 'creating'));
    const [rows, [total]] = await Promise.all([
      db
        .select({
          payment: payments,
          seminar: { id: seminars.id, title: seminars.title, slug: seminars.slug },
        })
        .from(payments)
        .innerJoin(bookings, eq(bookings.id, payments.bookingId))
        .innerJoin(seminars, eq(seminars.id, bookings.seminarId))
        .where(where)
        .orderBy(desc(payments.createdAt), desc(payments.id))
        .limit(limit)
        .offset(offset),
      db.select({ n: count() }).from(payments).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  },

  // the admin area
  /** every payment attempt matching the filter, newest first, with its payer and seminar */
  async adminPage(db: DbOrTx, f: { status?: string; from?: Date; to?: Date }, page: Page) {
    const conditions: SQL[] = [];
    if (f.status) conditions.push(eq(payments.status, f.status));
    if (f.from) conditions.push(gte(payments.createdAt, f.from));
    if (f.to) conditions.push(lt(payments.createdAt, f.to));
    const where = conditions.length ? and(...conditions) : undefined;
    return paged(
      db
        .select({
          payment: payments,
          user: { id: users.id, username: users.username, email: users.email },
          seminar: { id: seminars.id, title: seminars.title, slug: seminars.slug },
        })
        .from(payments)
        .innerJoin(users, eq(users.id, payments.userId))
        .innerJoin(bookings, eq(bookings.id, payments.bookingId))
        .innerJoin(seminars, eq(seminars.id, bookings.seminarId))
        .where(where)
        .orderBy(desc(payments.createdAt), desc(payments.id))
        .limit(page.limit)
        .offset(page.offset),
      db.select({ n: sql<number>`count(*)::int` }).from(payments).where(where),
    );
  },

  /** the user's purchases in any payment state, newest first, with their seminar */
  async purchasesOfUser(db: DbOrTx, userId: number) {
    return db
      .select({
        id: bookings.id,
        status: bookings.status,
        price: bookings.price,
        currency: bookings.currency,
        createdAt: bookings.createdAt,
        seminar: { id: seminars.id, title: seminars.title, slug: seminars.slug },
      })
      .from(bookings)
      .innerJoin(seminars, eq(seminars.id, bookings.seminarId))
      .where(eq(bookings.userId, userId))
      .orderBy(desc(bookings.createdAt));
  },

  /** the revenue of settled purchases per seminar, for the given seminars */
  async revenueBySeminar(db: DbOrTx, seminarIds: number[]): Promise<Map<number, number>> {
    if (seminarIds.length === 0) return new Map();
    const rows = await db
      .select({ seminarId: bookings.seminarId, sum: sql<number>`coalesce(sum(${bookings.price}), 0)::int` })
      .from(bookings)
      .where(and(inArray(bookings.seminarId, seminarIds), eq(bookings.status, 'paid')))
      .groupBy(bookings.seminarId);
    return new Map(rows.map((r) => [r.seminarId, r.sum]));
  },
};
