import type { BookingPaymentDto, BookingStatus, PaymentStatus } from '@elearn/shared';
import { notFound } from '../../../errors.ts';
import type { AuthUser } from '../../../plugins/session.ts';
import { paymentPolicy } from '../../../policies/payment.policy.ts';
import { iso, type PaymentsContext } from '../payments.context.ts';
import { ProviderUnavailableError } from '../payments.provider.ts';
import { paymentsRepository as repo } from '../payments.repository.ts';
import {
  canPayAgain,
  holdsSeminar,
  IN_PROGRESS_STATUSES,
  type StoredPaymentStatus,
} from '../payments.state.ts';
import { syncPayment } from './sync-payment.ts';

/** the booking with its seminar, for its owner only (404 for everyone else) */
async function ownBooking(ctx: PaymentsContext, actor: AuthUser, bookingId: number) {
  const found = await repo.findBookingWithSeminar(ctx.db, bookingId);
  if (!found || !paymentPolicy.viewBooking(actor, found.booking)) throw notFound();
  return found;
}

/** `GET /api/payments/booking/{id}`: the booking and its attempts, for its owner only */
export async function bookingStatus(
  ctx: PaymentsContext,
  actor: AuthUser,
  bookingId: number,
): Promise<BookingPaymentDto> {
  const { provider } = ctx;
  const { booking, seminar } = await ownBooking(ctx, actor, bookingId);
  const attempts = await repo.listOfBooking(ctx.db, booking.id);
  const status = booking.status as BookingStatus;
  // held through this booking or another grant (an assignment): nothing is left to pay
  const granted = holdsSeminar(status) || (await ctx.enrolments.holds(booking.userId, seminar.id));
  const open = attempts.find((p) => p.status === 'open' && p.provider === provider?.name);
  const payable =
    paymentPolicy.payable(seminar, booking.forCompanyId) && seminar.price > 0 && provider !== null;
  return {
    id: booking.id,
    status,
    seminar: { id: seminar.id, title: seminar.title, slug: seminar.slug },
    price: booking.price,
    currency: booking.currency,
    created_at: booking.createdAt.toISOString(),
    granted_at: iso(booking.grantedAt),
    checkout_url: !granted && open?.checkoutUrl ? open.checkoutUrl : null,
    payments: attempts.map((p) => ({
      id: p.id,
      amount: p.amount,
      currency: p.currency,
      status: p.status as PaymentStatus,
      created_at: p.createdAt.toISOString(),
      paid_at: iso(p.paidAt),
    })),
    abilities: { pay: !granted && payable && canPayAgain(status), play: granted },
  };
}

/**
 * `POST /api/payments/booking/{id}/sync`: the redirect page asks the provider about the
 * latest attempt (the customer may be back before the webhook) and gets the booking.
 */
export async function syncBooking(
  ctx: PaymentsContext,
  actor: AuthUser,
  bookingId: number,
): Promise<BookingPaymentDto> {
  const { booking } = await ownBooking(ctx, actor, bookingId);
  const latest = await repo.latestOfBooking(ctx.db, booking.id);
  const open = latest && IN_PROGRESS_STATUSES.includes(latest.status as StoredPaymentStatus);
  if (latest && (open || (latest.status === 'paid' && !booking.grantedAt))) {
    try {
      await syncPayment(ctx, latest);
    } catch (err) {
      if (!(err instanceof ProviderUnavailableError)) throw err;
      ctx.log.warn({ err, bookingId }, 'payment provider unavailable; showing the stored status');
    }
  }
  return bookingStatus(ctx, actor, bookingId);
}
