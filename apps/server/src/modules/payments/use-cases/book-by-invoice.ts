import { randomUUID } from 'node:crypto';
import type { InvoiceCheckoutDto } from '@elearn/shared';
import type { Tx } from '../../../db/client.ts';
import { conflict } from '../../../errors.ts';
import type { AuthUser } from '../../../plugins/session.ts';
import { paymentPolicy } from '../../../policies/payment.policy.ts';
import type { OpenInvoiceInput } from '../../invoices/invoices.service.ts';
import {
  type PaymentsContext,
  paymentUnavailable,
  STALE_CREATING_MS,
  type VoucherQuote,
} from '../payments.context.ts';
import { paymentsRepository as repo } from '../payments.repository.ts';
import { holdsSeminar } from '../payments.state.ts';
import type { SeatPurchase } from './book-seats.ts';
import { VOUCHER_PROVIDER } from './book-with-voucher.ts';
import { queueConfirmation } from './queue-confirmation.ts';
import { settlePaid } from './settle-paid.ts';

/** the provider name of an attempt paid by invoice (no provider is asked) */
export const INVOICE_PROVIDER = 'invoice';

/**
 * A booking bought on account is granted before its invoice is paid (the seller's `at_once`): the
 * booking, its grants and the company's purchase, the confirmation mail. The attempt stays `open`
 * until the invoice is paid; `settlePaid` then finds the booking granted and grants nothing twice.
 */
async function grantOnAccount(ctx: PaymentsContext, tx: Tx, bookingId: number, at: Date): Promise<boolean> {
  const booking = await repo.grant(tx, bookingId, at);
  if (!booking) return false;
  if (booking.seatPackageId) {
    // a seat package (issue 38 item 4): its seats are usable from now on, like a paid one's
    await ctx.seats?.paid(tx, booking.seatPackageId, at);
  } else {
    await ctx.enrolments.grantPurchase(booking, at, tx);
    if (booking.forCompanyId) await ctx.grantCompanyPurchase(tx, booking, booking.forCompanyId, at);
  }
  await queueConfirmation(ctx, tx, booking.id);
  return true;
}

/** the attempt of a purchase by invoice: `open` until its invoice is paid, no provider asked */
async function openAttempt(
  tx: Tx,
  p: { bookingId: number; userId: number; amount: number; provider: string },
  config: { currency: string },
) {
  const attempt = await repo.insertCreating(tx, {
    ...p,
    placeholderId: `creating:${randomUUID()}`,
    currency: config.currency,
  });
  await repo.completeCreating(tx, attempt.id, {
    providerId: `invoice-${attempt.id}`,
    status: 'open',
    checkoutUrl: null,
  });
  await repo.deriveStatus(tx, p.bookingId);
  return attempt;
}

/** what a purchase on account books, after its booking row exists */
interface OnAccount {
  bookingId: number;
  userId: number;
  companyId: number;
  reference: string | null;
  seminarId: number;
  /** what the invoice asks (VAT added to net prices, the voucher's discount taken off) */
  charged: number;
  voucher: VoucherQuote | undefined;
  lines: OpenInvoiceInput['lines'];
}

/**
 * The attempt, the voucher's redemption (held under the voucher's row lock, so the caps hold; it
 * is redeemed when the invoice is paid and released when the open invoice is cancelled), the grant
 * when the seller grants at once, and the invoice with the voucher's line (its last statement). A
 * voucher paying it all (docs/decisions/payments.md "Vouchers"): an attempt of 0 with provider
 * `voucher`, an invoice of 0 issued paid, and the booking settled at once like a paid checkout.
 */
async function bookOnAccount(ctx: PaymentsContext, tx: Tx, p: OnAccount, at: Date) {
  const byInvoice = ctx.byInvoice!;
  const full = p.voucher?.discounted === 0;
  const attempt = await openAttempt(
    tx,
    {
      bookingId: p.bookingId,
      userId: p.userId,
      amount: full ? 0 : p.charged,
      provider: full ? VOUCHER_PROVIDER : INVOICE_PROVIDER,
    },
    ctx.config,
  );
  if (p.voucher) {
    const use = { seminarId: p.seminarId, userId: p.userId, bookingId: p.bookingId, paymentId: attempt.id };
    await ctx.vouchers!.hold(tx, p.voucher, use);
  }
  let granted =
    !full && (await byInvoice.access(tx)) === 'at_once'
      ? await grantOnAccount(ctx, tx, p.bookingId, at)
      : false;
  const invoice = await byInvoice.issueOpen(tx, {
    userId: p.userId,
    companyId: p.companyId,
    bookingId: p.bookingId,
    paymentId: attempt.id,
    reference: p.reference,
    currency: ctx.config.currency,
    lines: p.lines,
    ...(p.voucher ? { voucher: { code: p.voucher.code, discount: p.voucher.discount } } : {}),
  });
  if (full) {
    // nothing to pay: paid now (granted, redeemed; its invoice exists, so none is issued again)
    await repo.advance(tx, attempt.id, 'paid', at);
    granted = !!(await settlePaid(ctx, tx, (await repo.findById(tx, attempt.id))!, at));
  }
  return { granted, invoice };
}

/** a voucher code checked against the purchase's list total for the manager (the card path's caps) */
const quoteVoucher = (
  ctx: PaymentsContext,
  code: string | undefined,
  use: { seminarId: number; price: number; userId: number },
) => (code && ctx.vouchers ? ctx.vouchers.quote(code, use) : Promise.resolve(undefined));

/**
 * `POST /api/companies/booking/invoice` (issue 38 item 3; the companies module checked that the
 * caller manages the company and that an admin enabled it): the company's purchase of a priced
 * seminar on account. One transaction: the pending booking, an attempt with provider `invoice`
 * (status `open`, no provider is asked), the grant when the seller grants at once, and the OPEN
 * invoice with its payment reference (the invoices module; its last statement).
 * @throws booking.own_seminar, booking.already_booked, payment.not_payable, payment.free_seminar,
 *   payment.in_progress (409: an open checkout or invoice of this booking); 404 for a seminar the
 *   caller may not see; payment.unavailable (503) without the invoices module
 */
export async function bookByInvoice(
  ctx: PaymentsContext,
  actor: AuthUser,
  seminarId: number,
  p: { companyId: number; reference: string | null; voucherCode?: string },
): Promise<InvoiceCheckoutDto> {
  const { db, config, byInvoice } = ctx;
  if (!byInvoice) throw paymentUnavailable();
  const { seminar } = await ctx.seminars.access(actor, seminarId);
  if (seminar.ownerId === actor.id) throw conflict('booking.own_seminar', 'booking.own_seminar');
  if (await ctx.enrolments.holds(actor.id, seminarId))
    throw conflict('booking.already_booked', 'booking.already_booked');
  if (!paymentPolicy.payable(seminar, p.companyId))
    throw conflict('payment.not_payable', 'payment.not_payable');
  if (seminar.price <= 0) throw conflict('payment.free_seminar', 'payment.free_seminar');
  const use = { seminarId, price: seminar.price, userId: actor.id };
  const voucher = await quoteVoucher(ctx, p.voucherCode, use);
  const list = voucher ? voucher.discounted : seminar.price;
  const charged = ctx.invoices ? await ctx.invoices.charge(list, config.currency) : list;
  const at = new Date(ctx.now());
  const result = await db.transaction(async (tx) => {
    await repo.insertPendingBooking(tx, {
      seminarId,
      userId: actor.id,
      price: seminar.price,
      currency: config.currency,
      forCompanyId: p.companyId,
      reference: p.reference,
    });
    const booking = await repo.lockBooking(tx, seminarId, actor.id);
    if (!booking) throw conflict('payment.in_progress', 'payment.in_progress');
    if (holdsSeminar(booking.status) || booking.grantedAt) {
      throw conflict('booking.already_booked', 'booking.already_booked');
    }
    if (booking.forCompanyId !== p.companyId || booking.reference !== p.reference) {
      await repo.setPurchaser(tx, booking.id, p.companyId, p.reference);
    }
    await repo.deleteStaleCreating(tx, booking.id, new Date(ctx.now() - STALE_CREATING_MS));
    if (await repo.findInProgress(tx, booking.id))
      throw conflict('payment.in_progress', 'payment.in_progress');
    const { granted, invoice } = await bookOnAccount(
      ctx,
      tx,
      {
        bookingId: booking.id,
        userId: actor.id,
        companyId: p.companyId,
        reference: p.reference,
        seminarId,
        charged,
        voucher,
        lines: [{ seminarTitle: seminar.title, seminarId, quantity: 1, unitPrice: seminar.price }],
      },
      at,
    );
    return { booking_id: booking.id, granted, invoice };
  });
  ctx.log.info({ bookingId: result.booking_id, invoiceId: result.invoice.id }, 'booked by invoice');
  if (result.granted) ctx.seminars.contentChanged();
  return result;
}

/**
 * `POST /api/companies/seat-packages` with `pay_by: 'invoice'` (issue 38 items 3 and 4; the
 * companies module made the pending package and checked that an admin enabled pay by invoice for
 * the company): one transaction like `bookByInvoice`: the package's own booking, an attempt with
 * provider `invoice`, the seats usable at once when the seller grants at once (else when the
 * invoice is paid: `invoicePaid` → `settlePaid` → the package), and last the OPEN invoice with ONE
 * line of `quantity` × the seat price. No provider is asked.
 * @throws payment.unavailable (503) without the invoices module
 */
export async function bookSeatsByInvoice(
  ctx: PaymentsContext,
  actor: { id: number },
  p: SeatPurchase,
): Promise<InvoiceCheckoutDto> {
  const { db, config, byInvoice } = ctx;
  if (!byInvoice) throw paymentUnavailable();
  const listTotal = p.unitPrice * p.quantity;
  // a voucher takes off the package's list total, one redemption for the manager (issue 38 item 5)
  const use = { seminarId: p.seminarId, price: listTotal, userId: actor.id };
  const voucher = await quoteVoucher(ctx, p.voucherCode, use);
  const list = voucher ? voucher.discounted : listTotal;
  const charged = ctx.invoices ? await ctx.invoices.charge(list, config.currency) : list;
  const at = new Date(ctx.now());
  const result = await db.transaction(async (tx) => {
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
    const { granted, invoice } = await bookOnAccount(
      ctx,
      tx,
      {
        bookingId: booking.id,
        userId: actor.id,
        companyId: p.companyId,
        reference: p.reference,
        seminarId: p.seminarId,
        charged,
        voucher,
        lines: [
          {
            seminarTitle: p.seminarTitle,
            seminarId: p.seminarId,
            quantity: p.quantity,
            unitPrice: p.unitPrice,
          },
        ],
      },
      at,
    );
    return { booking_id: booking.id, granted, invoice };
  });
  ctx.log.info(
    { bookingId: result.booking_id, invoiceId: result.invoice.id, seatPackageId: p.packageId },
    'seats bought by invoice',
  );
  return result;
}

/**
 * An invoice of a purchase by invoice was paid (the invoices module's `onPaid`, in its
 * transaction): the attempt becomes `paid` and the booking is settled like a paid checkout (granted
 * now unless it was granted at once; its invoice exists already, so none is issued).
 */
export async function invoicePaid(
  ctx: PaymentsContext,
  tx: Tx,
  invoice: { paymentId: number | null },
  at: Date,
): Promise<void> {
  if (!invoice.paymentId) return;
  const payment = await repo.findById(tx, invoice.paymentId);
  if (payment?.provider !== INVOICE_PROVIDER) return;
  await repo.advance(tx, payment.id, 'paid', at);
  const current = await repo.findById(tx, payment.id);
  if (current?.status !== 'paid') return;
  const granted = await settlePaid(ctx, tx, current, at);
  if (granted) ctx.seminars.contentChanged();
}
