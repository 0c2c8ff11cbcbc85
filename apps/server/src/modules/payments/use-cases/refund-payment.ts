import type { RefundBody, RefundDto } from '@elearn/shared';
import { conflict } from '../../../errors.ts';
import type { AuthUser } from '../../../plugins/session.ts';
import { type PaymentsContext, paymentUnavailable } from '../payments.context.ts';
import { ProviderUnavailableError } from '../payments.provider.ts';
import { paymentsRepository } from '../payments.repository.ts';
import { type ProviderRefund, RefundRefusedError, refundApiOf } from '../refunds.provider.ts';
import { refundsRepository as repo } from '../refunds.repository.ts';
import { INVOICE_PROVIDER } from './book-by-invoice.ts';
import { refundOnAccount } from './refund-on-account.ts';
import { claim, record, refundAnswer } from './refund-steps.ts';
import { syncRefundsOf } from './sync-refunds.ts';

/**
 * `POST /api/admin/payments/{id}/refunds` (issue 38 item 6): refunds the whole amount left, an
 * amount, or one invoice line of a paid payment through the provider's Refunds API. The payment's
 * refunds are decided one at a time (a second one while the first is asked is refused).
 * @throws not_found (404); refund.not_paid, refund.in_progress, refund.exceeds,
 *   refund.line_refunded, conflict (the provider refused; 409); 422 (a line not on the invoice);
 *   payment.unavailable (503)
 */
export async function refundPayment(
  ctx: PaymentsContext,
  actor: AuthUser,
  paymentId: number,
  body: RefundBody,
): Promise<RefundDto> {
  // a purchase paid by invoice: no provider is asked (issue 38 item 3, refund-on-account.ts)
  const found = await paymentsRepository.findById(ctx.db, paymentId);
  if (found?.provider === INVOICE_PROVIDER) return refundOnAccount(ctx, actor, paymentId, body);
  const api = refundApiOf(ctx.provider, ctx.db);
  if (!api) throw paymentUnavailable();
  const c = await claim(ctx, paymentId, body, { provider: ctx.provider!.name, statuses: ['paid'] });
  let made: ProviderRefund;
  try {
    made = await api.create({
      paymentId: c.providerPaymentId,
      amount: c.refund.amount,
      currency: c.refund.currency,
      description: `Refund ${c.invoice?.number ?? `payment ${paymentId}`}`,
      idempotencyKey: `refund-${c.refund.id}`,
    });
  } catch (err) {
    await repo.deleteCreating(ctx.db, c.refund.id);
    if (err instanceof RefundRefusedError) {
      ctx.log.warn({ err, paymentId }, 'the provider refused the refund');
      throw conflict();
    }
    if (err instanceof ProviderUnavailableError) throw paymentUnavailable();
    throw err;
  }
  await record(ctx, actor, c, made);
  ctx.log.info({ paymentId, refundId: c.refund.id, amount: c.refund.amount }, 'payment refunded');
  // the provider's word on it now (the test checkout completes its refunds here)
  await syncRefundsOf(ctx, api, paymentId, c.providerPaymentId).catch((err: unknown) =>
    ctx.log.warn({ err, paymentId }, 'refund status sync failed; the webhook will bring it'),
  );
  return refundAnswer(ctx, paymentId, c.refund.id);
}
