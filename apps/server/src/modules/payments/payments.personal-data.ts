import { and, asc, eq, inArray, notExists } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bookings, payments, refunds, seminars } from '../../db/schema/index.ts';

/**
 * One person's bookings, payments and their refunds (issue 19): what the data export shows, and what an erased
 * account leaves. Payments are accounting records (kept 10 years, Swiss CO art. 958f): they stay
 * with amount, currency, status and dates, as do the bookings they belong to; the name goes with
 * the anonymised account. Bookings without any payment (free ones, abandoned ones) are deleted.
 */
export function paymentsPersonalData(db: Db) {
  return {
    async collect(userId: number) {
      const [ownBookings, ownPayments, ownRefunds] = await Promise.all([
        db
          .select({
            id: bookings.id,
            seminar_id: bookings.seminarId,
            seminar_title: seminars.title,
            status: bookings.status,
            price: bookings.price,
            currency: bookings.currency,
            for_company_id: bookings.forCompanyId,
            granted_at: bookings.grantedAt,
            created_at: bookings.createdAt,
            updated_at: bookings.updatedAt,
          })
          .from(bookings)
          .innerJoin(seminars, eq(seminars.id, bookings.seminarId))
          .where(eq(bookings.userId, userId))
          .orderBy(asc(bookings.id)),
        db
          .select({
            id: payments.id,
            booking_id: payments.bookingId,
            provider: payments.provider,
            provider_id: payments.providerId,
            amount: payments.amount,
            currency: payments.currency,
            status: payments.status,
            paid_at: payments.paidAt,
            created_at: payments.createdAt,
            updated_at: payments.updatedAt,
          })
          .from(payments)
          .where(eq(payments.userId, userId))
          .orderBy(asc(payments.id)),
        // the refunds of those payments (issue 38 item 6)
        db
          .select({
            id: refunds.id,
            payment_id: refunds.paymentId,
            amount: refunds.amount,
            currency: refunds.currency,
            status: refunds.status,
            ends_grant: refunds.endsGrant,
            created_at: refunds.createdAt,
          })
          .from(refunds)
          .innerJoin(payments, eq(payments.id, refunds.paymentId))
          .where(eq(payments.userId, userId))
          .orderBy(asc(refunds.id)),
      ]);
      return { bookings: ownBookings, payments: ownPayments, refunds: ownRefunds };
    },
    async erase(userId: number) {
      const withoutPayment = notExists(
        db.select({ id: payments.id }).from(payments).where(eq(payments.bookingId, bookings.id)),
      );
      const gone = await db
        .select({ id: bookings.id })
        .from(bookings)
        .where(and(eq(bookings.userId, userId), withoutPayment));
      if (gone.length)
        await db.delete(bookings).where(
          inArray(
            bookings.id,
            gone.map((b) => b.id),
          ),
        );
    },
  };
}
