import { randomUUID } from 'node:crypto';
import { encodeMessage, type Locale, type RefundBody, t } from '@elearn/shared';
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
import { paymentsRepository } from '../payments.repository.ts';
import type { ProviderRefund } from '../refunds.provider.ts';
import { type RefundRow, refundsRepository as repo } from '../refunds.repository.ts';
import { refundDto } from './sync-refunds.ts';

/*
 * The steps every refund takes (issue 38 item 6), by card (refund-payment.ts: the provider is
 * asked between them) or of a purchase paid by invoice (refund-on-account.ts: nobody is asked):
 * the claim (checks and a placeholder, one transaction) and the record (grants, seats, audit,
 * credit note, one transaction).
 */

const money = (minor: number, currency: string) => `${currency} ${(minor / 100).toFixed(2)}`;

/** what the admin asked for, checked against the payment, its refunds and its invoice */
export interface Claimed {
  refund: RefundRow;
  /** the payment's status when claimed (`open`: an invoice not paid yet, refund-on-account.ts) */
  paymentStatus: string;
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

/** who takes the refund and of which payment statuses: the card provider (paid) or the invoice */
export interface RefundVia {
  provider: string;
  statuses: readonly string[];
}

/** step 1, one transaction: the payment locked, the checks, a `creating` placeholder */
export async function claim(
  ctx: PaymentsContext,
  paymentId: number,
  body: RefundBody,
  via: RefundVia,
): Promise<Claimed> {
  return ctx.db.transaction(async (tx) => {
    const payment = await repo.lockPayment(tx, paymentId);
    if (!payment) throw notFound();
    if (!via.statuses.includes(payment.status)) throw conflict('refund.not_paid', 'refund.not_paid');
    if (payment.provider !== via.provider) throw paymentUnavailable();
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
        provider: via.provider,
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
      paymentStatus: payment.status,
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
 * (numbered in this transaction, invoices' gap-free series of credit notes); `settled` then runs
 * in it (a refund of a purchase by invoice settles its credit note at once).
 */
export async function record(
  ctx: PaymentsContext,
  actor: AuthUser,
  c: Claimed,
  made: Pick<ProviderRefund, 'id' | 'status'>,
  settled?: (tx: Tx, creditNoteId: number | null, at: Date) => Promise<void>,
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
      await settled?.(tx, note.id, at);
    } else await settled?.(tx, null, at);
  });
  if (c.refund.endsGrant || c.seat) ctx.seminars.contentChanged();
}

/** the refund as the admin's request answers it, with its credit note's number */
export async function refundAnswer(ctx: PaymentsContext, paymentId: number, refundId: number) {
  const [row] = (await repo.ofPayment(ctx.db, paymentId)).filter((r) => r.id === refundId);
  const numbers = row?.creditNoteId
    ? ((await ctx.invoices?.refunds?.creditNoteNumbers(ctx.db, [row.creditNoteId])) ?? new Map())
    : new Map<number, string>();
  return refundDto(row!, numbers);
}
