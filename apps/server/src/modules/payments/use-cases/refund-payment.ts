import { randomUUID } from 'node:crypto';
import { encodeMessage, type Locale, type RefundBody, type RefundDto, t } from '@elearn/shared';
import type { Tx } from '../../../db/client.ts';
import { AppError, conflict, notFound, validation } from '../../../errors.ts';
import type { AuthUser } from '../../../plugins/session.ts';
import { auditRepository } from '../../audit/audit.repository.ts';
import type { PaymentInvoice } from '../../invoices/invoices.service.ts';
import {
  type PaymentsContext,
  paymentUnavailable,
  type SeatRefund,
  STALE_CREATING_MS,
} from '../payments.context.ts';
import { ProviderUnavailableError } from '../payments.provider.ts';
import { paymentsRepository } from '../payments.repository.ts';
import { type ProviderRefund, RefundRefusedError, refundApiOf } from '../refunds.provider.ts';
import { type RefundRow, refundsRepository as repo } from '../refunds.repository.ts';
import { refundDto, syncRefundsOf } from './sync-refunds.ts';

const money = (minor: number, currency: string) => `${currency} ${(minor / 100).toFixed(2)}`;

/** what the admin asked for, checked against the payment, its refunds and its invoice */
interface Claimed {
  refund: RefundRow;
  providerPaymentId: string;
  bookingId: number;
  invoice: PaymentInvoice | null;
  line: PaymentInvoice['lines'][number] | null;
  /** a seat package's payment: the seats the refund takes (issue 38 item 4) */
  seat: Omit<SeatRefund, 'at'> | null;
}

/** the refund's amount and whether it ends the grant, from the body; throws the rejections */
function decide(
  body: RefundBody,
  payment: { amount: number; currency: string },
  taken: RefundRow[],
  invoice: PaymentInvoice | null,
) {
  const remaining = payment.amount - repo.taken(taken);
  let line: PaymentInvoice['lines'][number] | null = null;
  let want = remaining;
  let endsGrant = true;
  if (body.line_id !== undefined) {
    line = invoice?.lines.find((l) => l.id === body.line_id) ?? null;
    if (!line) throw validation({ line_id: [encodeMessage('refund.unknown_line')] });
    const again = taken.some(
      (r) => r.invoiceLineId === line!.id && r.status !== 'failed' && r.status !== 'canceled',
    );
    if (again) throw conflict('refund.line_refunded', 'refund.line_refunded');
    want = line.gross;
  } else if (body.amount !== undefined) {
    want = body.amount;
    // an amount ends the grant only when it refunds everything that is left
    endsGrant = body.amount === remaining;
  }
  if (remaining <= 0 || want > remaining) {
    throw new AppError(409, 'refund.exceeds', 'refund.exceeds', {
      remaining: money(Math.max(remaining, 0), payment.currency),
    });
  }
  return { want, endsGrant, line };
}

/**
 * A refund of a seat package's payment (issue 38 item 4): the companies module checks which seats
 * it takes (k × the seat price takes k seats; the admin names whose when more are assigned than
 * would remain), before the provider is asked. Null for any other payment.
 */
async function seatRefund(
  ctx: PaymentsContext,
  tx: Tx,
  payment: { bookingId: number; amount: number },
  r: { want: number; endsGrant: boolean },
  userIds: number[],
): Promise<Omit<SeatRefund, 'at'> | null> {
  const booking = (await paymentsRepository.findBookingWithSeminar(tx, payment.bookingId))?.booking;
  if (!booking?.seatPackageId || !ctx.seats) return null;
  const seat = {
    packageId: booking.seatPackageId,
    amount: r.want,
    endsAll: r.endsGrant,
    paid: payment.amount,
    quantity: booking.quantity,
    userIds,
  };
  await ctx.seats.refund(tx, { ...seat, at: new Date(ctx.now()) }, false);
  return seat;
}

/** step 1, one transaction: the payment locked, the checks, a `creating` placeholder */
async function claim(ctx: PaymentsContext, paymentId: number, body: RefundBody): Promise<Claimed> {
  const provider = ctx.provider!;
  return ctx.db.transaction(async (tx) => {
    const payment = await repo.lockPayment(tx, paymentId);
    if (!payment) throw notFound();
    if (payment.status !== 'paid') throw conflict('refund.not_paid', 'refund.not_paid');
    if (payment.provider !== provider.name) throw paymentUnavailable();
    await repo.dropStaleCreating(tx, payment.id, new Date(ctx.now() - STALE_CREATING_MS));
    const taken = await repo.ofPayment(tx, payment.id);
    if (taken.some((r) => r.status === 'creating'))
      throw conflict('refund.in_progress', 'refund.in_progress');
    const invoice = (await ctx.invoices?.refunds?.invoiceOfPayment(tx, payment.id)) ?? null;
    const { want, endsGrant, line } = decide(body, payment, taken, invoice);
    const seat = await seatRefund(ctx, tx, payment, { want, endsGrant }, body.seat_user_ids ?? []);
    const refund = await repo.insertCreating(
      tx,
      {
        paymentId: payment.id,
        provider: provider.name,
        providerId: `creating:${randomUUID()}`,
        amount: want,
        currency: payment.currency,
        invoiceLineId: line?.id ?? null,
        endsGrant,
      },
      new Date(ctx.now()),
    );
    return {
      refund,
      providerPaymentId: payment.providerId,
      bookingId: payment.bookingId,
      invoice,
      line,
      seat,
    };
  });
}

/**
 * step 3, one transaction: the provider's refund recorded, the grant behind it ended (a line or
 * the whole payment; other grants of the person stay), the audit entry and, last, the credit note
 * (numbered in this transaction, invoices' gap-free series of credit notes).
 */
async function record(
  ctx: PaymentsContext,
  actor: AuthUser,
  c: Claimed,
  made: ProviderRefund,
): Promise<void> {
  const at = new Date(ctx.now());
  await ctx.db.transaction(async (tx: Tx) => {
    await repo.accepted(tx, c.refund.id, made.id, made.status, at);
    const found = await paymentsRepository.findBookingWithSeminar(tx, c.bookingId);
    if (c.refund.endsGrant) {
      await ctx.enrolments.revokeBooking(c.bookingId, tx);
      await repo.markBookingRefunded(tx, c.bookingId, at);
    }
    // a seat package: the seats the refund takes, and the grants on them, end
    if (c.seat) await ctx.seats?.refund(tx, { ...c.seat, at }, true);
    const title = found?.seminar.title ?? '';
    await auditRepository.record(
      tx,
      {
        actor: { id: actor.id, username: actor.username },
        action: 'payment.refunded',
        targetType: 'payment',
        targetId: c.refund.paymentId,
        targetLabel: title,
        after: {
          refund_id: c.refund.id,
          provider_id: made.id,
          amount: c.refund.amount,
          currency: c.refund.currency,
          line_id: c.refund.invoiceLineId,
          ends_grant: c.refund.endsGrant,
        },
      },
      at,
    );
    if (c.invoice && ctx.invoices?.issueCreditNote) {
      const locale: Locale = c.invoice.locale === 'en' ? 'en' : 'de';
      const description = c.line
        ? t(locale, 'invoice_pdf.refund_line', { line: c.line.description, number: c.invoice.number })
        : t(locale, 'invoice_pdf.refund', { number: c.invoice.number });
      const note = await ctx.invoices.issueCreditNote(tx, c.invoice.id, [
        { description, gross: c.refund.amount, seminarId: c.line?.seminarId ?? found?.seminar.id ?? null },
      ]);
      await repo.setCreditNote(tx, c.refund.id, note.id);
    }
  });
  if (c.refund.endsGrant || c.seat) ctx.seminars.contentChanged();
}

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
  const api = refundApiOf(ctx.provider, ctx.db);
  if (!api) throw paymentUnavailable();
  const c = await claim(ctx, paymentId, body);
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
  const [row] = (await repo.ofPayment(ctx.db, paymentId)).filter((r) => r.id === c.refund.id);
  const numbers = row?.creditNoteId
    ? ((await ctx.invoices?.refunds?.creditNoteNumbers(ctx.db, [row.creditNoteId])) ?? new Map())
    : new Map<number, string>();
  return refundDto(row!, numbers);
}
