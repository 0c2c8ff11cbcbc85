import { and, asc, desc, eq, inArray, lt, ne, notInArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { bookings, payments, refunds, seminars } from '../../db/schema/index.ts';

export type RefundRow = typeof refunds.$inferSelect;

/** refund statuses that no longer count against the payment's amount */
export const VOID_REFUND_STATUSES = ['failed', 'canceled'] as const;
/** refund statuses that still change (the provider is asked on the payment's webhook) */
export const OPEN_REFUND_STATUSES = ['queued', 'pending', 'processing'] as const;

/** the only place that reads and writes refunds (module payments, issue 38 item 6) */
export const refundsRepository = {
  /** the payment locked for the caller's transaction: refunds of one payment are decided one at a time */
  async lockPayment(db: DbOrTx, id: number) {
    const [row] = await db.select().from(payments).where(eq(payments.id, id)).for('update').limit(1);
    return row;
  },
  async ofPayment(db: DbOrTx, paymentId: number): Promise<RefundRow[]> {
    return db.select().from(refunds).where(eq(refunds.paymentId, paymentId)).orderBy(asc(refunds.id));
  },
  /** a `creating` placeholder of a request that died is dropped (it refunded nothing) */
  async dropStaleCreating(db: DbOrTx, paymentId: number, before: Date): Promise<void> {
    await db
      .delete(refunds)
      .where(
        and(eq(refunds.paymentId, paymentId), eq(refunds.status, 'creating'), lt(refunds.createdAt, before)),
      );
  },
  async insertCreating(
    db: DbOrTx,
    v: Pick<
      RefundRow,
      'paymentId' | 'provider' | 'providerId' | 'amount' | 'currency' | 'invoiceLineId' | 'endsGrant'
    >,
    at: Date,
  ): Promise<RefundRow> {
    const [row] = await db
      .insert(refunds)
      .values({ ...v, status: 'creating', createdAt: at, updatedAt: at })
      .returning();
    if (!row) throw new Error('insert returned no row');
    return row;
  },
  async deleteCreating(db: DbOrTx, id: number): Promise<void> {
    await db.delete(refunds).where(and(eq(refunds.id, id), eq(refunds.status, 'creating')));
  },
  /** the provider accepted the refund: its id and first status */
  async accepted(db: DbOrTx, id: number, providerId: string, status: string, at: Date): Promise<void> {
    await db.update(refunds).set({ providerId, status, updatedAt: at }).where(eq(refunds.id, id));
  },
  async setCreditNote(db: DbOrTx, id: number, creditNoteId: number): Promise<void> {
    await db.update(refunds).set({ creditNoteId }).where(eq(refunds.id, id));
  },
  /** a reported status, applied while the refund is still open (a final status never changes) */
  async advance(db: DbOrTx, id: number, status: string, at: Date): Promise<RefundRow | undefined> {
    const [row] = await db
      .update(refunds)
      .set({ status, updatedAt: at })
      .where(
        and(
          eq(refunds.id, id),
          inArray(refunds.status, [...OPEN_REFUND_STATUSES]),
          ne(refunds.status, status),
        ),
      )
      .returning();
    return row;
  },
  /** whether a payment has refunds whose status may still change */
  async hasOpen(db: DbOrTx, paymentId: number): Promise<boolean> {
    const [row] = await db
      .select({ id: refunds.id })
      .from(refunds)
      .where(and(eq(refunds.paymentId, paymentId), inArray(refunds.status, [...OPEN_REFUND_STATUSES])))
      .limit(1);
    return !!row;
  },
  /** the amount refunded or being refunded (every refund but failed and canceled ones) */
  taken: (rows: RefundRow[]) =>
    rows
      .filter((r) => !(VOID_REFUND_STATUSES as readonly string[]).includes(r.status))
      .reduce((s, r) => s + r.amount, 0),
  /** the booking no longer grants the seminar (a refund ended its grant) */
  async markBookingRefunded(db: DbOrTx, bookingId: number, at: Date): Promise<void> {
    await db.update(bookings).set({ status: 'refunded', updatedAt: at }).where(eq(bookings.id, bookingId));
  },
  /** a person's refunds with their seminar, newest first */
  async ofUser(db: DbOrTx, userId: number) {
    return db
      .select({ refund: refunds, seminar: { id: seminars.id, title: seminars.title } })
      .from(refunds)
      .innerJoin(payments, eq(payments.id, refunds.paymentId))
      .innerJoin(bookings, eq(bookings.id, payments.bookingId))
      .innerJoin(seminars, eq(seminars.id, bookings.seminarId))
      .where(and(eq(payments.userId, userId), notInArray(refunds.status, ['creating'])))
      .orderBy(desc(refunds.id))
      .limit(200);
  },
  /** refunded per payment (the admin list), by payment id */
  async refundedOf(db: DbOrTx, paymentIds: number[]): Promise<Map<number, number>> {
    if (!paymentIds.length) return new Map();
    const rows = await db
      .select({ paymentId: refunds.paymentId, n: sql<number>`sum(${refunds.amount})::int` })
      .from(refunds)
      .where(
        and(inArray(refunds.paymentId, paymentIds), notInArray(refunds.status, [...VOID_REFUND_STATUSES])),
      )
      .groupBy(refunds.paymentId);
    return new Map(rows.map((r) => [r.paymentId, Number(r.n)]));
  },
};
