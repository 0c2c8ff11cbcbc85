import type { RefundBody, RefundDto } from '@elearn/shared';
import type { AuthUser } from '../../../plugins/session.ts';
import type { PaymentsContext } from '../payments.context.ts';
import { paymentsRepository } from '../payments.repository.ts';
import { refundsRepository as repo } from '../refunds.repository.ts';
import { INVOICE_PROVIDER } from './book-by-invoice.ts';
import { claim, record, refundAnswer } from './refund-steps.ts';

/**
 * A refund of a purchase paid by invoice (issue 38 items 3 and 6; docs/decisions/payments.md):
 * the same checks and the same end of grants and seats as a card refund, but no provider is asked
 * (the money came by bank transfer). The refund is `refunded` at once and its credit note, which
 * references the invoice, is settled with it: the accountant transfers a paid amount back from the
 * credit note. An invoice still OPEN is cancelled the same way (its amount due drops by the credit
 * note); credited in full it is closed (settled by the credit note: no reminder, no bank match)
 * and its payment attempt ends `canceled`.
 * @throws not_found (404); refund.not_paid, refund.in_progress, refund.exceeds,
 *   refund.line_refunded, seats.refund_choose (409); 422 (a line not on the invoice, seats named)
 */
export async function refundOnAccount(
  ctx: PaymentsContext,
  actor: AuthUser,
  paymentId: number,
  body: RefundBody,
): Promise<RefundDto> {
  const c = await claim(ctx, paymentId, body, { provider: INVOICE_PROVIDER, statuses: ['open', 'paid'] });
  try {
    await record(
      ctx,
      actor,
      c,
      { id: `invoice-refund-${c.refund.id}`, status: 'refunded' },
      async (tx, noteId, at) => {
        if (noteId) await ctx.invoices?.refunds?.settleCreditNote(tx, noteId, at);
        if (c.paymentStatus !== 'open' || !c.invoice) return;
        const closed = await ctx.invoices?.refunds?.closeIfCredited?.(tx, c.invoice.id, at);
        if (!closed) return;
        await paymentsRepository.advance(tx, c.refund.paymentId, 'canceled', null);
        // a voucher held by the cancelled invoice counts no more (docs/decisions/payments.md "Vouchers")
        await ctx.vouchers?.settle(tx, c.refund.paymentId, 'released');
      },
    );
  } catch (err) {
    await repo.deleteCreating(ctx.db, c.refund.id);
    throw err;
  }
  ctx.log.info(
    { paymentId, refundId: c.refund.id, amount: c.refund.amount, open: c.paymentStatus === 'open' },
    'purchase by invoice refunded',
  );
  return refundAnswer(ctx, paymentId, c.refund.id);
}
