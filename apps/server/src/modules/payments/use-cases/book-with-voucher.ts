import { randomUUID } from 'node:crypto';
import type { CheckoutDto } from '@elearn/shared';
import { AppError, conflict } from '../../../errors.ts';
import type { AuthUser } from '../../../plugins/session.ts';
import type { PaymentsContext, VoucherQuote } from '../payments.context.ts';
import { paymentsRepository as repo } from '../payments.repository.ts';
import { holdsSeminar } from '../payments.state.ts';
import { settlePaid } from './settle-paid.ts';

/** the provider's name on an attempt a voucher paid in full (no provider was asked) */
export const VOUCHER_PROVIDER = 'voucher';

export const checkoutOpen = () => new AppError(409, 'voucher.checkout_open', 'voucher.checkout_open');

/**
 * A checkout a voucher pays in full (issue 38 item 5): no payment provider is asked. In one
 * transaction the booking, an attempt of 0 marked paid (provider `voucher`), the voucher's
 * redemption (held under the voucher's row lock, so the caps hold) and everything a paid
 * attempt brings (grant, confirmation, invoice with the voucher line). The browser goes on to
 * the redirect page, which shows the booking paid.
 * @throws booking.already_booked, voucher.checkout_open (409); 422 when the voucher is used up
 */
export async function bookWithFullVoucher(
  ctx: PaymentsContext,
  actor: AuthUser,
  seminarId: number,
  q: VoucherQuote,
  purchaser: { forCompanyId: number | null; reference: string | null },
  redirectBase: string,
): Promise<{ checkout: CheckoutDto; created: boolean }> {
  const at = new Date(ctx.now());
  const { config } = ctx;
  const booking = await ctx.db.transaction(async (tx) => {
    await repo.insertPendingBooking(tx, {
      seminarId,
      userId: actor.id,
      price: q.price,
      currency: config.currency,
      ...purchaser,
    });
    const row = await repo.lockBooking(tx, seminarId, actor.id);
    if (!row || holdsSeminar(row.status) || row.grantedAt) {
      throw conflict('booking.already_booked', 'booking.already_booked');
    }
    if (row.forCompanyId !== purchaser.forCompanyId || row.reference !== purchaser.reference) {
      await repo.setPurchaser(tx, row.id, purchaser.forCompanyId, purchaser.reference);
    }
    if (await repo.findInProgress(tx, row.id)) throw checkoutOpen();
    const attempt = await repo.insertCreating(tx, {
      bookingId: row.id,
      userId: actor.id,
      provider: VOUCHER_PROVIDER,
      placeholderId: `voucher:${randomUUID()}`,
      amount: 0,
      currency: config.currency,
    });
    await ctx.vouchers!.hold(tx, q, {
      seminarId,
      userId: actor.id,
      bookingId: row.id,
      paymentId: attempt.id,
    });
    await repo.completeCreating(tx, attempt.id, {
      providerId: attempt.providerId,
      status: 'open',
      checkoutUrl: null,
    });
    await repo.advance(tx, attempt.id, 'paid', at);
    const paid = await repo.findById(tx, attempt.id);
    return settlePaid(ctx, tx, paid!, at);
  });
  if (!booking) throw conflict('booking.already_booked', 'booking.already_booked');
  ctx.log.info({ bookingId: booking.id }, 'booking paid in full by a voucher');
  ctx.seminars.contentChanged();
  return {
    checkout: {
      checkoutUrl: `${redirectBase}/payment/mollie/redirect?bookingId=${booking.id}`,
      bookingId: booking.id,
    },
    created: true,
  };
}
