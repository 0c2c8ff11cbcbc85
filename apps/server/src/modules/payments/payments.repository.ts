import { and, count, desc, eq, inArray, lt, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { bookings, payments, seminars } from '../../db/schema/index.ts';
import { paymentBookingsRepository } from './payment-bookings.repository.ts';
import { allowedFrom, IN_PROGRESS_STATUSES, type StoredPaymentStatus } from './payments.state.ts';
import { paymentsAdminRepository } from './payments-admin.repository.ts';

export type { BookingRow, BookingWithSeminar } from './payment-bookings.repository.ts';

export type PaymentRow = typeof payments.$inferSelect;

/** the payment attempts: placeholders, the provider's ids, the state machine's moves */
const attemptsRepository = {
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
};

/**
 * The payments module's queries (payments, test checkout records, and the payment side of
 * bookings): the attempts here, the bookings' side in payment-bookings.repository.ts, the admin
 * area's views in payments-admin.repository.ts.
 */
export const paymentsRepository = {
  ...paymentBookingsRepository,
  ...attemptsRepository,
  ...paymentsAdminRepository,
};
