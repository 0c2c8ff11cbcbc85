import { randomUUID } from 'node:crypto';
import type { CheckoutDto, Locale } from '@elearn/shared';
import { conflict } from '../../../errors.ts';
import type { AuthUser } from '../../../plugins/session.ts';
import { paymentPolicy } from '../../../policies/payment.policy.ts';
import {
  type PaymentsContext,
  paymentUnavailable,
  prefixOf,
  STALE_CREATING_MS,
  type VoucherQuote,
} from '../payments.context.ts';
import { ProviderUnavailableError } from '../payments.provider.ts';
import { type PaymentRow, paymentsRepository as repo } from '../payments.repository.ts';
import { holdsSeminar, type StoredPaymentStatus } from '../payments.state.ts';
import { bookWithFullVoucher, checkoutOpen } from './book-with-voucher.ts';
import { syncPayment } from './sync-payment.ts';

export interface BookNowOptions {
  forCompanyId?: number;
  /** a company purchase: the buyer's reference or PO number, printed on the invoice (issue 38) */
  reference?: string;
  /** base of the return URL: the request's `appUrl` (plugins/request-origin.ts); default APP_URL */
  appUrl?: string;
  /** a voucher code entered at checkout (issue 38 item 5) */
  voucherCode?: string;
}

type Claim =
  | { kind: 'attempt'; bookingId: number; attempt: PaymentRow }
  | { kind: 'inProgress'; bookingId: number; payment: PaymentRow }
  | { kind: 'retry' };

/**
 * Takes the booking's one "attempt in progress" slot: a pending booking (or the caller's
 * earlier one, locked) and a `creating` placeholder. Only database work happens inside the
 * transaction; the provider is asked afterwards.
 */
async function claim(
  ctx: PaymentsContext,
  actor: AuthUser,
  seminarId: number,
  price: { list: number; charged: number },
  purchaser: { forCompanyId: number | null; reference: string | null },
  voucher?: VoucherQuote,
): Promise<Claim> {
  const { forCompanyId, reference } = purchaser;
  const { config, provider } = ctx;
  return ctx.db.transaction(async (tx) => {
    await repo.insertPendingBooking(tx, {
      seminarId,
      userId: actor.id,
      price: price.list,
      currency: config.currency,
      forCompanyId,
      reference,
    });
    const booking = await repo.lockBooking(tx, seminarId, actor.id);
    if (!booking) return { kind: 'retry' } as const; // removed meanwhile by a failed attempt
    if (holdsSeminar(booking.status) || booking.grantedAt) {
      throw conflict('booking.already_booked', 'booking.already_booked');
    }
    // an unpaid booking buys for whom the latest request says (the caller or a company)
    if (booking.forCompanyId !== forCompanyId || booking.reference !== reference) {
      await repo.setPurchaser(tx, booking.id, forCompanyId, reference);
    }
    await repo.deleteStaleCreating(tx, booking.id, new Date(ctx.now() - STALE_CREATING_MS));
    const current = await repo.findInProgress(tx, booking.id);
    if (current) return { kind: 'inProgress', bookingId: booking.id, payment: current } as const;
    const attempt = await repo.insertCreating(tx, {
      bookingId: booking.id,
      userId: actor.id,
      provider: provider?.name ?? 'none',
      placeholderId: `creating:${randomUUID()}`,
      amount: price.charged,
      currency: config.currency,
    });
    // the voucher's redemption, in this transaction under the voucher's row lock (caps hold)
    if (voucher) {
      const use = { seminarId, userId: actor.id, bookingId: booking.id, paymentId: attempt.id };
      await ctx.vouchers!.hold(tx, voucher, use);
    }
    return { kind: 'attempt', bookingId: booking.id, attempt } as const;
  });
}

/**
 * `POST /api/booking/now`: a checkout for a priced public seminar. Reuses the caller's open
 * checkout; otherwise starts a new attempt (also to pay again after a failure).
 * @throws booking.own_seminar, booking.already_booked, payment.not_payable,
 *   payment.free_seminar, payment.in_progress (409); 404 for a seminar the caller may not see;
 *   payment.unavailable (503)
 */
export async function bookNow(
  ctx: PaymentsContext,
  actor: AuthUser,
  seminarId: number,
  locale: Locale,
  opts: BookNowOptions = {},
): Promise<{ checkout: CheckoutDto; created: boolean }> {
  const { db, config, provider, log } = ctx;
  const forCompanyId = opts.forCompanyId ?? null;
  const { seminar } = await ctx.seminars.access(actor, seminarId);
  if (seminar.ownerId === actor.id) throw conflict('booking.own_seminar', 'booking.own_seminar');
  const existing = await repo.findBooking(db, seminarId, actor.id);
  if (
    (existing && (holdsSeminar(existing.status) || existing.grantedAt)) ||
    (await ctx.enrolments.holds(actor.id, seminarId))
  ) {
    throw conflict('booking.already_booked', 'booking.already_booked');
  }
  if (!paymentPolicy.payable(seminar, forCompanyId))
    throw conflict('payment.not_payable', 'payment.not_payable');
  if (seminar.price <= 0) throw conflict('payment.free_seminar', 'payment.free_seminar');
  const purchaser = { forCompanyId, reference: forCompanyId ? (opts.reference ?? null) : null };
  const prefix = `${opts.appUrl ?? config.appUrl}${prefixOf(locale)}`;
  const voucher =
    opts.voucherCode && ctx.vouchers
      ? await ctx.vouchers.quote(opts.voucherCode, { seminarId, price: seminar.price, userId: actor.id })
      : undefined;
  // a voucher that pays it all: booked without asking any provider (use-cases/book-with-voucher.ts)
  if (voucher?.discounted === 0)
    return bookWithFullVoucher(ctx, actor, seminarId, voucher, purchaser, prefix);
  if (!provider) throw paymentUnavailable();

  // net prices: the checkout charges the gross (the invoice's total, invoices/invoice-amounts.ts)
  const list = voucher ? voucher.discounted : seminar.price;
  const charged = ctx.invoices ? await ctx.invoices.charge(list, config.currency) : list;
  for (let round = 0; round < 3; round++) {
    const price = { list: seminar.price, charged };
    const claimed = await claim(ctx, actor, seminarId, price, purchaser, voucher);
    if (claimed.kind === 'retry') continue;
    if (claimed.kind === 'inProgress') {
      const { payment } = claimed;
      if (payment.status === 'creating') throw conflict('payment.in_progress', 'payment.in_progress');
      // the checkout may have ended at the provider without a webhook yet: ask first
      try {
        await syncPayment(ctx, payment);
      } catch (err) {
        if (!(err instanceof ProviderUnavailableError)) throw err;
        log.warn({ err, paymentId: payment.id }, 'payment provider unavailable');
        throw paymentUnavailable();
      }
      const fresh = await repo.findById(db, payment.id);
      if (fresh?.status === 'open' && fresh.checkoutUrl) {
        // an open checkout of another amount (with or without a voucher): finish or cancel it first
        if (fresh.amount !== charged) throw checkoutOpen();
        return {
          checkout: { checkoutUrl: fresh.checkoutUrl, bookingId: claimed.bookingId },
          created: false,
        };
      }
      if (fresh?.status === 'paid') throw conflict('booking.already_booked', 'booking.already_booked');
      if (fresh && fresh.status !== 'open' && !['failed', 'canceled', 'expired'].includes(fresh.status)) {
        throw conflict('payment.in_progress', 'payment.in_progress');
      }
      continue; // it ended without payment: start a new attempt
    }

    const { attempt, bookingId } = claimed;
    try {
      const created = await provider.create({
        amount: charged,
        currency: config.currency,
        description: `Seminar: ${seminar.title}`.replace(/[\r\n]+/g, ' ').slice(0, 255),
        redirectUrl: `${prefix}/payment/mollie/redirect?bookingId=${bookingId}`,
        webhookUrl: `${config.appUrl}/payment/mollie/webhook`,
        metadata: { bookingId },
        idempotencyKey: `booking-${bookingId}-payment-${attempt.id}`,
      });
      if (!created.checkoutUrl || created.status !== 'open') {
        throw new ProviderUnavailableError(`new payment is ${created.status} without a checkout`);
      }
      await repo.completeCreating(db, attempt.id, {
        providerId: created.id,
        status: created.status satisfies StoredPaymentStatus,
        checkoutUrl: created.checkoutUrl,
      });
      await repo.deriveStatus(db, bookingId);
      log.info({ bookingId, paymentId: attempt.id }, 'checkout started');
      return { checkout: { checkoutUrl: created.checkoutUrl, bookingId }, created: true };
    } catch (err) {
      await repo.deletePayment(db, attempt.id);
      await repo.deleteBookingWithoutPayments(db, bookingId);
      if (err instanceof ProviderUnavailableError) {
        log.warn({ err, bookingId }, 'payment provider unavailable');
        throw paymentUnavailable();
      }
      throw err;
    }
  }
  throw conflict('payment.in_progress', 'payment.in_progress');
}
