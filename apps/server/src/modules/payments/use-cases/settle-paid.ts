import type { Tx } from '../../../db/client.ts';
import type { PaymentsContext } from '../payments.context.ts';
import { type BookingRow, type PaymentRow, paymentsRepository as repo } from '../payments.repository.ts';
import { queueConfirmation } from './queue-confirmation.ts';

/** the invoice of a booking just paid (issue 38), in the payment's transaction */
async function issueInvoice(
  ctx: PaymentsContext,
  tx: Tx,
  booking: BookingRow,
  payment: PaymentRow,
  at: Date,
) {
  const found = await repo.findBookingWithSeminar(tx, booking.id);
  const voucher = await ctx.vouchers?.ofPayment(tx, payment.id);
  await ctx.invoices!.issueForPayment(tx, {
    paymentId: payment.id,
    bookingId: booking.id,
    userId: booking.userId,
    companyId: booking.forCompanyId,
    reference: booking.reference,
    seminarId: booking.seminarId,
    seminarTitle: found?.seminar.title ?? '',
    price: booking.price,
    quantity: booking.quantity,
    paid: payment.amount,
    currency: payment.currency,
    paidAt: payment.paidAt ?? at,
    ...(voucher ? { voucher } : {}),
  });
}

/**
 * An attempt became paid (the provider's report, or a checkout a voucher paid in full): the
 * booking is granted exactly once, with its grants, the company's purchase, the confirmation
 * mail, the voucher's redemption and the invoice, all in the caller's transaction.
 * Answers the booking to the caller that granted it.
 */
export async function settlePaid(
  ctx: PaymentsContext,
  tx: Tx,
  payment: PaymentRow,
  at: Date,
): Promise<BookingRow | undefined> {
  const booking = await repo.grant(tx, payment.bookingId, at);
  if (booking?.seatPackageId) {
    // a company's seat package (issue 38 item 4): the package grants, not the buyer's booking
    await ctx.seats?.paid(tx, booking.seatPackageId, at);
  } else if (booking) {
    // only a settled purchase becomes a grant (enrolments), in the same transaction
    await ctx.enrolments.grantPurchase(booking, at, tx);
    // bought for a company: the company holds the seminar from now on as well
    if (booking.forCompanyId) await ctx.grantCompanyPurchase(tx, booking, booking.forCompanyId, at);
  }
  if (booking) await queueConfirmation(ctx, tx, booking.id);
  await ctx.vouchers?.settle(tx, payment.id, 'redeemed');
  // the invoice, numbered in this transaction: no paid booking without one, no number lost
  if (booking && ctx.invoices) await issueInvoice(ctx, tx, booking, payment, at);
  return booking;
}
