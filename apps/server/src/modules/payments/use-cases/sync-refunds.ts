import type { OwnRefundDto, PaymentRefundsDto, RefundDto, RefundStatus } from '@elearn/shared';
import { notFound } from '../../../errors.ts';
import type { AuthUser } from '../../../plugins/session.ts';
import { iso, type PaymentsContext } from '../payments.context.ts';
import { type PaymentRow, paymentsRepository } from '../payments.repository.ts';
import { type RefundApi, refundApiOf } from '../refunds.provider.ts';
import { OPEN_REFUND_STATUSES, type RefundRow, refundsRepository as repo } from '../refunds.repository.ts';
import { INVOICE_PROVIDER } from './book-by-invoice.ts';

export const refundDto = (r: RefundRow, numbers: Map<number, string>): RefundDto => ({
  id: r.id,
  payment_id: r.paymentId,
  amount: r.amount,
  currency: r.currency,
  // a placeholder is shown as Mollie's first status until the provider answered
  status: (r.status === 'creating' ? 'queued' : r.status) as RefundStatus,
  line_id: r.invoiceLineId,
  ends_grant: r.endsGrant,
  credit_note_id: r.creditNoteId,
  credit_note_number: r.creditNoteId ? (numbers.get(r.creditNoteId) ?? null) : null,
  created_at: iso(r.createdAt)!,
});

/** a paid payment, or an invoice not paid yet (its refund cancels it: refund-on-account.ts) */
const refundable = (p: { status: string; provider: string }) =>
  p.status === 'paid' || (p.provider === INVOICE_PROVIDER && p.status === 'open');

const isOpen = (status: string) => (OPEN_REFUND_STATUSES as readonly string[]).includes(status);

/**
 * Applies the provider's refund statuses to the payment's open refunds: forward only (a final
 * status never changes); a refund the provider completed settles its credit note.
 */
export async function syncRefundsOf(
  ctx: PaymentsContext,
  api: RefundApi,
  paymentId: number,
  providerPaymentId: string,
): Promise<void> {
  const open = (await repo.ofPayment(ctx.db, paymentId)).filter((r) => isOpen(r.status));
  if (!open.length) return;
  const reported = new Map((await api.list(providerPaymentId)).map((r) => [r.id, r]));
  for (const refund of open) {
    const now = reported.get(refund.providerId);
    if (!now || now.status === refund.status) continue;
    if (now.amount !== refund.amount || now.currency !== refund.currency) {
      ctx.log.error({ refundId: refund.id }, 'refund report does not match our record; ignored');
      continue;
    }
    const at = new Date(ctx.now());
    await ctx.db.transaction(async (tx) => {
      const moved = await repo.advance(tx, refund.id, now.status, at);
      if (moved?.status === 'refunded' && moved.creditNoteId)
        await ctx.invoices?.refunds?.settleCreditNote(tx, moved.creditNoteId, at);
    });
    if (now.status === 'failed' || now.status === 'canceled') {
      // the money did not go back: the credit note stays open for the accountant (docs/decisions.md)
      ctx.log.warn({ refundId: refund.id, status: now.status }, 'a refund did not go through');
    }
  }
}

/**
 * The payment's webhook: Mollie calls it when a refund's status changes too. The provider is
 * asked for the refunds only when the payment has refunds still open.
 * @throws ProviderUnavailableError (the webhook answers non-2xx; Mollie delivers again)
 */
export async function syncRefunds(ctx: PaymentsContext, payment: PaymentRow): Promise<void> {
  if (!ctx.provider || payment.provider !== ctx.provider.name) return;
  if (!(await repo.hasOpen(ctx.db, payment.id))) return;
  const api = refundApiOf(ctx.provider, ctx.db);
  if (api) await syncRefundsOf(ctx, api, payment.id, payment.providerId);
}

/** `GET /api/admin/payments/{id}/refunds`: the refunds, what is left and the invoice's lines */
export async function paymentRefunds(ctx: PaymentsContext, paymentId: number): Promise<PaymentRefundsDto> {
  const payment = await paymentsRepository.findById(ctx.db, paymentId);
  if (!payment) throw notFound();
  const rows = await repo.ofPayment(ctx.db, paymentId);
  const invoice = (await ctx.invoices?.refunds?.invoiceOfPayment(ctx.db, paymentId)) ?? null;
  const numbers = await creditNumbers(ctx, rows);
  const live = rows.filter((r) => r.status !== 'failed' && r.status !== 'canceled');
  return {
    payment_id: payment.id,
    status: payment.status,
    amount: payment.amount,
    remaining: refundable(payment) ? payment.amount - repo.taken(rows) : 0,
    currency: payment.currency,
    invoice_number: invoice?.number ?? null,
    lines: (invoice?.lines ?? []).map((l) => ({
      id: l.id,
      description: l.description,
      gross: l.gross,
      refunded: live.some((r) => r.invoiceLineId === l.id),
    })),
    refunds: rows.map((r) => refundDto(r, numbers)),
    seat_package: await seatPackageOf(ctx, payment),
  };
}

/** a seat package's payment: its seats and their holders, for the admin's choice (issue 38 item 4) */
async function seatPackageOf(ctx: PaymentsContext, payment: { bookingId: number; amount: number }) {
  const booking = (await paymentsRepository.findBookingWithSeminar(ctx.db, payment.bookingId))?.booking;
  if (!booking?.seatPackageId || !ctx.seats) return null;
  const { seats, holders } = await ctx.seats.holders(booking.seatPackageId);
  const seatPrice = Math.round(payment.amount / Math.max(1, booking.quantity));
  return { id: booking.seatPackageId, seats, seat_price: seatPrice, holders };
}

async function creditNumbers(ctx: PaymentsContext, rows: RefundRow[]) {
  const ids = rows.flatMap((r) => (r.creditNoteId ? [r.creditNoteId] : []));
  return (await ctx.invoices?.refunds?.creditNoteNumbers(ctx.db, ids)) ?? new Map<number, string>();
}

/** `GET /api/payments/refunds`: the caller's refunds with their seminar and credit note */
export async function listOwnRefunds(
  ctx: PaymentsContext,
  actor: AuthUser,
): Promise<{ items: OwnRefundDto[] }> {
  const rows = await repo.ofUser(ctx.db, actor.id);
  const numbers = await creditNumbers(
    ctx,
    rows.map((r) => r.refund),
  );
  return { items: rows.map((r) => ({ ...refundDto(r.refund, numbers), seminar: r.seminar })) };
}
