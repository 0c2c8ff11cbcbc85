import { type Locale, t } from '@elearn/shared';
import type { DbOrTx } from '../../../db/client.ts';
import { invoiceAmounts, lineAmounts } from '../invoice-amounts.ts';
import { type InvoicesContext, zurichYear } from '../invoices.context.ts';
import { type InvoiceRow, type NewInvoiceLine, invoicesRepository as repo } from '../invoices.repository.ts';
import { paymentReferenceFor } from '../payment-reference.ts';
import { basisFields, invoiceBasis } from './invoice-basis.ts';
import { type InvoiceVoucher, pricedAmounts, voucherLine } from './voucher-line.ts';

/** a line of an open invoice: `quantity` × the list price of one unit */
export interface OpenInvoiceLine {
  /** a seminar's title: the line reads "Seminar: {title}" */
  seminarTitle: string;
  seminarId: number | null;
  quantity: number;
  /** the list price of one unit (minor units; gross or net per the seller's settings) */
  unitPrice: number;
}

/** what a purchase on account tells the invoice (a company booking, a seat package) */
export interface OpenInvoiceInput {
  /** the person who bought (the manager) */
  userId: number;
  companyId: number | null;
  bookingId?: number | null;
  paymentId?: number | null;
  /** the buyer's reference / PO number entered at checkout */
  reference: string | null;
  currency: string;
  lines: OpenInvoiceLine[];
  /** a voucher's discount on the first line (issue 38 item 5): a line of its own */
  voucher?: InvoiceVoucher;
}

const DAY_MS = 86_400_000;

/** the line's text: the seminar; seats of a package name their number and the seat price */
const describe = (l: OpenInvoiceLine, locale: Locale, currency: string) =>
  l.quantity > 1
    ? t(locale, 'invoice_pdf.seats', {
        title: l.seminarTitle,
        seats: l.quantity,
        unit: `${currency} ${(l.unitPrice / 100).toFixed(2)}`,
      })
    : t(locale, 'invoice_pdf.seminar', { title: l.seminarTitle });

/**
 * Issues an OPEN invoice for a purchase on account (issue 38 item 3), in the caller's transaction:
 * numbered like every invoice (gap-free, the transaction's last statement), due after the seller's
 * payment terms, with a payment reference (a QR reference when the seller has a QR-IBAN, else an
 * ISO 11649 creditor reference; none without any IBAN) that a bank statement matches. Answers the
 * invoice. Used for company bookings and seat packages bought by invoice. A voucher's discount is a
 * line of its own (voucher-line.ts); a voucher paying it all makes an invoice of 0 issued paid.
 */
export async function issueOpenInvoice(
  ctx: InvoicesContext,
  tx: DbOrTx,
  p: OpenInvoiceInput,
): Promise<InvoiceRow> {
  const at = new Date(ctx.now());
  const basis = await invoiceBasis(ctx, tx, p, { bookingId: p.bookingId });
  const { sellerRow, vat, locale } = basis;
  const [first, ...rest] = p.lines;
  const [full, off] = pricedAmounts(first!.unitPrice * first!.quantity, p.voucher, vat);
  const amounts = [full, ...rest.map((l) => lineAmounts(l.unitPrice * l.quantity, vat))];
  const totals = invoiceAmounts(off ? [...amounts, off] : amounts, p.currency, vat);
  // a voucher paying it all (docs/decisions/payments.md "Vouchers"): nothing to pay, issued paid
  const settled = totals.payable === 0;
  const hasIban = !settled && !!(sellerRow?.qrIban || sellerRow?.iban);
  const paymentReference = hasIban
    ? paymentReferenceFor(await repo.nextReferenceNumber(tx), !!sellerRow?.qrIban)
    : null;
  const lines: NewInvoiceLine[] = p.lines.map((l, i) => ({
    description: describe(l, locale, p.currency),
    seminarId: l.seminarId,
    quantity: l.quantity,
    ...amounts[i]!,
    vatRateBp: vat.vatRateBp,
  }));
  if (off) lines.push(voucherLine(p.voucher!, first!.seminarId, off, vat, locale));
  const id = await repo.issue(
    tx,
    zurichYear(at),
    {
      kind: 'invoice',
      bookingId: p.bookingId ?? null,
      paymentId: p.paymentId ?? null,
      userId: p.userId,
      companyId: p.companyId,
      state: settled ? 'paid' : 'open',
      currency: p.currency,
      ...basisFields(basis, totals),
      issuedAt: at,
      dueAt: settled ? null : new Date(at.getTime() + (sellerRow?.paymentTermsDays ?? 30) * DAY_MS),
      paidAt: settled ? at : null,
      paymentReference,
    },
    lines,
  );
  const row = await repo.findById(tx, id);
  if (!row) throw new Error('open invoice not found after issuing');
  return row;
}
