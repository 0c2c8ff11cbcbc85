import type { Tx } from '../../../db/client.ts';
import type { PaymentsContext } from '../payments.context.ts';
import type { ProviderPayment } from '../payments.provider.ts';
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
  await ctx.invoices!.issueForPayment(tx, {
    paymentId: payment.id,
    bookingId: booking.id,
    userId: booking.userId,
    companyId: booking.forCompanyId,
    reference: booking.reference,
    seminarId: booking.seminarId,
    seminarTitle: found?.seminar.title ?? '',
    price: booking.price,
    paid: payment.amount,
    currency: payment.currency,
    paidAt: payment.paidAt ?? at,
  });
}

/**
 * Applies what the provider reports about one of our attempts: the attempt moves forward only
 * (state machine), a paid attempt grants the booking exactly once in the same transaction, and
 * any other report lets the booking follow its latest attempt. Reports that do not match our
 * record (amount, currency, booking) change nothing.
 */
async function applyReport(
  ctx: PaymentsContext,
  payment: PaymentRow,
  fetched: ProviderPayment,
): Promise<void> {
  const { db, log, enrolments } = ctx;
  const bookingId = Number(fetched.metadata?.bookingId);
  if (
    fetched.id !== payment.providerId ||
    fetched.amount !== payment.amount ||
    fetched.currency !== payment.currency ||
    bookingId !== payment.bookingId
  ) {
    log.error(
      { paymentId: payment.id, providerId: payment.providerId, status: fetched.status },
      'payment report does not match our record; ignored',
    );
    return;
  }
  const at = new Date(ctx.now());
  const granted = await db.transaction(async (tx) => {
    await repo.advance(tx, payment.id, fetched.status, fetched.paidAt);
    const current = await repo.findById(tx, payment.id);
    if (current?.status === 'paid') {
      const booking = await repo.grant(tx, payment.bookingId, at);
      // only a settled purchase becomes a grant (enrolments), in the same transaction
      if (booking) await enrolments.grantPurchase(booking, at, tx);
      // bought for a company: the company holds the seminar from now on as well
      if (booking?.forCompanyId) await ctx.grantCompanyPurchase(tx, booking, booking.forCompanyId, at);
      if (booking) await queueConfirmation(ctx, tx, booking.id);
      // the invoice, numbered in this transaction: no paid booking without one, no number lost
      if (booking && ctx.invoices) await issueInvoice(ctx, tx, booking, current, at);
      return booking;
    }
    await repo.deriveStatus(tx, payment.bookingId);
    return undefined;
  });
  if (granted) {
    log.info({ bookingId: granted.id, paymentId: payment.id }, 'booking paid and granted');
    ctx.seminars.contentChanged();
  }
}

/** fetches one attempt from the provider and applies it; unknown at the provider: nothing */
export async function syncPayment(ctx: PaymentsContext, payment: PaymentRow): Promise<void> {
  const { provider } = ctx;
  if (!provider || payment.provider !== provider.name || payment.status === 'creating') return;
  const fetched = await provider.get(payment.providerId);
  if (!fetched) {
    ctx.log.warn({ paymentId: payment.id }, 'the provider does not know this payment');
    return;
  }
  await applyReport(ctx, payment, fetched);
}

/**
 * The webhook (`id=tr_…`): our attempt by the provider's id, then the provider's word on it
 * (fetched from the provider and applied). An id we never created changes nothing (and the
 * provider is not even asked).
 * @throws ProviderUnavailableError (the caller answers non-2xx so that Mollie retries)
 */
export async function handleWebhook(ctx: PaymentsContext, providerId: string): Promise<void> {
  if (!ctx.provider) return;
  const payment = await repo.findByProviderId(ctx.db, ctx.provider.name, providerId);
  if (!payment) return;
  await syncPayment(ctx, payment);
}
