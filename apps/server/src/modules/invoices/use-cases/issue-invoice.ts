import { type Locale, t } from '@elearn/shared';
import type { DbOrTx } from '../../../db/client.ts';
import { conflict, notFound } from '../../../errors.ts';
import { invoiceAmounts, type LineAmounts, lineFromGross, type VatSettings } from '../invoice-amounts.ts';
import { type InvoicesContext, zurichYear } from '../invoices.context.ts';
import {
  type InvoiceRow,
  type NewInvoiceLine,
  type NewInvoiceRow,
  invoicesRepository as repo,
} from '../invoices.repository.ts';
import { sellerSnapshot } from '../invoices.snapshot.ts';
import { basisFields, invoiceBasis } from './invoice-basis.ts';
import { type InvoiceVoucher, pricedAmounts, voucherLine } from './voucher-line.ts';

/** what payments knows about a payment that became paid (sync-payment.ts) */
export interface PaidPurchase {
  paymentId: number;
  bookingId: number;
  userId: number;
  companyId: number | null;
  reference: string | null;
  seminarId: number;
  seminarTitle: string;
  /** the booking's list price (minor units) */
  price: number;
  /** what was paid (minor units) */
  paid: number;
  currency: string;
  paidAt: Date;
  /** seats bought (a seat package, issue 38 item 4): the line is `quantity` × the list price */
  quantity?: number;
  /** a voucher's discount on the list price (issue 38 item 5): its own line on the invoice */
  voucher?: InvoiceVoucher;
}

/**
 * Numbers the document in the caller's transaction and stores it with its lines, in one statement
 * (the counter row stays locked until the commit: the caller issues last), then reads it back.
 */
async function store(tx: DbOrTx, at: Date, head: NewInvoiceRow, lines: NewInvoiceLine[]): Promise<number> {
  return repo.issue(tx, zurichYear(at), head, lines);
}

/**
 * The lines of a paid purchase: the seminar at its list price, a voucher's discount as a line of
 * its own (issue 38 item 5); the paid amount counts when it no longer matches them.
 */
function purchaseLines(p: PaidPurchase, vat: VatSettings, locale: Locale) {
  const quantity = p.quantity ?? 1;
  const seminarLine = (amounts: LineAmounts) => ({
    description:
      quantity > 1
        ? t(locale, 'invoice_pdf.seats', {
            title: p.seminarTitle,
            seats: quantity,
            unit: `${p.currency} ${(p.price / 100).toFixed(2)}`,
          })
        : t(locale, 'invoice_pdf.seminar', { title: p.seminarTitle }),
    seminarId: p.seminarId,
    quantity,
    ...amounts,
    vatRateBp: vat.vatRateBp,
  });
  // the seminar at its list price and a voucher's discount as a line of its own (voucher-line.ts)
  const [full, off] = pricedAmounts(p.price * quantity, p.voucher, vat);
  let lines: NewInvoiceLine[] = [seminarLine(full)];
  if (off) lines.push(voucherLine(p.voucher!, p.seminarId, off, vat, locale));
  let totals = invoiceAmounts(off ? [full, off] : [full], p.currency, vat);
  if (totals.payable !== p.paid) {
    // the settings or the price changed between checkout and payment: the paid amount counts
    const line = lineFromGross(p.paid, vat.vatRateBp);
    lines = [seminarLine(line)];
    totals = { ...line, rounding: 0, payable: p.paid };
  }
  return { lines, totals };
}

/**
 * Issues the invoice of a payment that became paid, in the transaction that records the
 * payment (sync-payment.ts): the next number of the year, the seller settings and the buyer as
 * they are now, the line's net, VAT and gross (invoice-amounts.ts). Once per payment: a second
 * call answers the invoice issued first.
 */
export async function issueForPayment(ctx: InvoicesContext, tx: DbOrTx, p: PaidPurchase): Promise<number> {
  const existing = await repo.findByPayment(tx, p.paymentId);
  if (existing) return existing.id;
  const basis = await invoiceBasis(ctx, tx, p, { paymentId: p.paymentId });
  const { lines, totals } = purchaseLines(p, basis.vat, basis.locale);
  return store(
    tx,
    p.paidAt,
    {
      kind: 'invoice',
      bookingId: p.bookingId,
      paymentId: p.paymentId,
      userId: p.userId,
      companyId: p.companyId,
      state: 'paid',
      currency: p.currency,
      ...basisFields(basis, totals),
      issuedAt: p.paidAt,
      dueAt: null,
      paidAt: p.paidAt,
    },
    lines,
  );
}

/** a credit note's line: what is credited, gross (VAT taken out at the invoice's rate) */
export interface CreditLine {
  description: string;
  /** minor units, > 0 */
  gross: number;
  seminarId?: number | null;
}

/**
 * A credit note for (part of) an issued invoice, in the caller's transaction (issue 38: a
 * cancellation or refund, payments' use-cases/refund-payment.ts). Numbered gap-free in a series
 * of its own per year (`GS-2026-000001`, invoices.repository.ts `issue`); VAT at the invoice's rate; the buyer as on the invoice; `open` until the money is
 * returned. The credits of an invoice never exceed its total.
 * @throws not_found (404) for an unknown invoice or a credit note; invoice.credit_exceeds (409)
 */
export async function issueCreditNote(
  ctx: InvoicesContext,
  tx: DbOrTx,
  invoiceId: number,
  lines: CreditLine[],
): Promise<InvoiceRow> {
  const invoice = await repo.lockInvoice(tx, invoiceId);
  if (invoice?.kind !== 'invoice') throw notFound();
  if (!lines.length || lines.some((l) => !Number.isInteger(l.gross) || l.gross <= 0)) {
    throw conflict('conflict', 'errors.conflict');
  }
  const amounts = lines.map((l) => lineFromGross(l.gross, invoice.vatRateBp));
  const gross = amounts.reduce((s, a) => s + a.gross, 0);
  const credited = await repo.creditedGross(tx, invoice.id);
  if (credited + gross > invoice.grossTotal) throw conflict('conflict', 'errors.conflict');
  const at = new Date(ctx.now());
  const sellerRow = await repo.seller(tx);
  const id = await store(
    tx,
    at,
    {
      kind: 'credit_note',
      creditsInvoiceId: invoice.id,
      bookingId: invoice.bookingId,
      paymentId: invoice.paymentId,
      userId: invoice.userId,
      companyId: invoice.companyId,
      state: 'open',
      locale: invoice.locale,
      currency: invoice.currency,
      netTotal: amounts.reduce((s, a) => s + a.net, 0),
      vatTotal: amounts.reduce((s, a) => s + a.vat, 0),
      rounding: 0,
      grossTotal: gross,
      vatRateBp: invoice.vatRateBp,
      pricesIncludeVat: invoice.pricesIncludeVat,
      seller: sellerRow ? sellerSnapshot(sellerRow) : invoice.seller,
      buyer: invoice.buyer,
      issuedAt: at,
      dueAt: null,
      paidAt: null,
    },
    lines.map((l, i) => ({
      description: l.description,
      seminarId: l.seminarId ?? null,
      quantity: 1,
      ...amounts[i]!,
      vatRateBp: invoice.vatRateBp,
    })),
  );
  const note = await repo.findById(tx, id);
  if (!note) throw new Error('credit note not found after issuing');
  return note;
}
