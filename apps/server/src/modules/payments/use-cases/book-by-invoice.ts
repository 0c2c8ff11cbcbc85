import { randomUUID } from 'node:crypto';
import type { InvoiceCheckoutDto } from '@elearn/shared';
import type { Tx } from '../../../db/client.ts';
import { conflict } from '../../../errors.ts';
import type { AuthUser } from '../../../plugins/session.ts';
import { paymentPolicy } from '../../../policies/payment.policy.ts';
import { type PaymentsContext, paymentUnavailable, STALE_CREATING_MS } from '../payments.context.ts';
import { paymentsRepository as repo } from '../payments.repository.ts';
import { holdsSeminar } from '../payments.state.ts';
import type { SeatPurchase } from './book-seats.ts';
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
  p: { bookingId: number; userId: number; amount: number },
  config: { currency: string },
) {
  const attempt = await repo.insertCreating(tx, {
    ...p,
    provider: INVOICE_PROVIDER,
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
  p: { companyId: number; reference: string | null },
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
  const charged = ctx.invoices ? await ctx.invoices.charge(seminar.price, config.currency) : seminar.price;
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
    const attempt = await openAttempt(
      tx,
      { bookingId: booking.id, userId: actor.id, amount: charged },
      config,
    );
    const granted =
      (await byInvoice.access(tx)) === 'at_once' ? await grantOnAccount(ctx, tx, booking.id, at) : false;
    const invoice = await byInvoice.issueOpen(tx, {
      userId: actor.id,
      companyId: p.companyId,
      bookingId: booking.id,
      paymentId: attempt.id,
      reference: p.reference,
      currency: config.currency,
      lines: [{ seminarTitle: seminar.title, seminarId, quantity: 1, unitPrice: seminar.price }],
    });
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
  const list = p.unitPrice * p.quantity;
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
    const attempt = await openAttempt(
      tx,
      { bookingId: booking.id, userId: actor.id, amount: charged },
      config,
    );
    const granted =
      (await byInvoice.access(tx)) === 'at_once' ? await grantOnAccount(ctx, tx, booking.id, at) : false;
    const invoice = await byInvoice.issueOpen(tx, {
      userId: actor.id,
      companyId: p.companyId,
      bookingId: booking.id,
      paymentId: attempt.id,
      reference: p.reference,
      currency: config.currency,
      lines: [
        {
          seminarTitle: p.seminarTitle,
          seminarId: p.seminarId,
          quantity: p.quantity,
          unitPrice: p.unitPrice,
        },
      ],
    });
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
