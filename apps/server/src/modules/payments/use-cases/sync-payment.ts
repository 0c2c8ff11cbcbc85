import type { PaymentsContext } from '../payments.context.ts';
import type { ProviderPayment } from '../payments.provider.ts';
import { type PaymentRow, paymentsRepository as repo } from '../payments.repository.ts';
import { settlePaid } from './settle-paid.ts';
import { syncRefunds } from './sync-refunds.ts';

const ENDED_UNPAID: readonly string[] = ['failed', 'canceled', 'expired'];

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
  const { db, log } = ctx;
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
    if (current?.status === 'paid') return settlePaid(ctx, tx, current, at);
    // ended without payment: its voucher redemption no longer counts (docs/decisions.md "Vouchers")
    if (current && ENDED_UNPAID.includes(current.status))
      await ctx.vouchers?.settle(tx, payment.id, 'released');
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
  // Mollie calls the payment's webhook when one of its refunds changes too (issue 38 item 6)
  await syncRefunds(ctx, payment);
}
