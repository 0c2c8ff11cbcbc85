import { randomUUID } from 'node:crypto';
import type { CheckoutDto, Locale } from '@elearn/shared';
import { type PaymentsContext, paymentUnavailable, prefixOf } from '../payments.context.ts';
import { ProviderUnavailableError } from '../payments.provider.ts';
import { paymentsRepository as repo } from '../payments.repository.ts';
import type { StoredPaymentStatus } from '../payments.state.ts';

/** a company's seat package to be paid by card (issue 38 item 4; made by the companies module) */
export interface SeatPurchase {
  packageId: number;
  companyId: number;
  seminarId: number;
  seminarTitle: string;
  /** seats bought: the invoice line's quantity */
  quantity: number;
  /** the list price of one seat (minor units) */
  unitPrice: number;
  reference: string | null;
  /** a voucher code: taken by packages bought by invoice (issue 38 item 5), not by card */
  voucherCode?: string;
}

/**
 * The card checkout of a seat package: a booking of its own for the package (a manager buys any
 * number of them), one attempt at the provider for `quantity` × the seat price (VAT added to net
 * prices as for one seat). Paid, the booking grants nothing to the buyer: `settlePaid` hands the
 * package to the companies module (`seats.paid`). Vouchers are taken for packages by
 * invoice only (book-by-invoice.ts).
 * @throws payment.unavailable (503)
 */
export async function bookSeats(
  ctx: PaymentsContext,
  actor: { id: number },
  p: SeatPurchase,
  locale: Locale,
  appUrl?: string,
): Promise<CheckoutDto> {
  const { db, config, provider, log } = ctx;
  if (!provider) throw paymentUnavailable();
  const list = p.unitPrice * p.quantity;
  const charged = ctx.invoices ? await ctx.invoices.charge(list, config.currency) : list;
  const { bookingId, attemptId } = await db.transaction(async (tx) => {
    const booking = await repo.insertSeatBooking(tx, {
      seminarId: p.seminarId,
      userId: actor.id,
      price: p.unitPrice,
      quantity: p.quantity,
      currency: config.currency,
      forCompanyId: p.companyId,
      reference: p.reference,
      seatPackageId: p.packageId,
    });
    const attempt = await repo.insertCreating(tx, {
      bookingId: booking.id,
      userId: actor.id,
      provider: provider.name,
      placeholderId: `creating:${randomUUID()}`,
      amount: charged,
      currency: config.currency,
    });
    return { bookingId: booking.id, attemptId: attempt.id };
  });
  const prefix = `${appUrl ?? config.appUrl}${prefixOf(locale)}`;
  try {
    const created = await provider.create({
      amount: charged,
      currency: config.currency,
      description: `Seminar: ${p.seminarTitle} (${p.quantity})`.replace(/[\r\n]+/g, ' ').slice(0, 255),
      redirectUrl: `${prefix}/payment/mollie/redirect?bookingId=${bookingId}`,
      webhookUrl: `${config.appUrl}/payment/mollie/webhook`,
      metadata: { bookingId },
      idempotencyKey: `booking-${bookingId}-payment-${attemptId}`,
    });
    if (!created.checkoutUrl || created.status !== 'open') {
      throw new ProviderUnavailableError(`new payment is ${created.status} without a checkout`);
    }
    await repo.completeCreating(db, attemptId, {
      providerId: created.id,
      status: created.status satisfies StoredPaymentStatus,
      checkoutUrl: created.checkoutUrl,
    });
    await repo.deriveStatus(db, bookingId);
    log.info({ bookingId, paymentId: attemptId, seatPackageId: p.packageId }, 'seat checkout started');
    return { checkoutUrl: created.checkoutUrl, bookingId };
  } catch (err) {
    await repo.deletePayment(db, attemptId);
    await repo.deleteBookingWithoutPayments(db, bookingId);
    if (err instanceof ProviderUnavailableError) {
      log.warn({ err, bookingId }, 'payment provider unavailable');
      throw paymentUnavailable();
    }
    throw err;
  }
}
