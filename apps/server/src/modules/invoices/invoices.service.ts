import type { AdminInvoiceQuery, Locale, SellerSettingsBody } from '@elearn/shared';
import type { FastifyReply } from 'fastify';
import type { DbOrTx, Tx } from '../../db/client.ts';
import type { AuthUser } from '../../plugins/session.ts';
import { createInvoicesContext, type InvoicePaidHandler, type InvoicesDeps } from './invoices.context.ts';
import { invoicesPersonalData } from './invoices.personal-data.ts';
import { applyCamt, previewCamt } from './use-cases/camt-import.ts';
import {
  type CreditLine,
  issueCreditNote,
  issueForPayment,
  type PaidPurchase,
} from './use-cases/issue-invoice.ts';
import { issueOpenInvoice, type OpenInvoiceInput } from './use-cases/issue-open-invoice.ts';
import { markInvoicePaid } from './use-cases/mark-paid.ts';
import { adminList, exportInvoices, invoiceDtos, invoicePdf, listOwn } from './use-cases/queries.ts';
import {
  closeIfCredited,
  creditNoteNumbers,
  invoiceOfPayment,
  settleCreditNote,
} from './use-cases/refund-credit.ts';
import { getSeller, invoiceAccess, putSeller, vatSettings } from './use-cases/seller.ts';

export { chargedAmount } from './invoice-amounts.ts';
export type { InvoicePaidHandler, InvoicesDeps } from './invoices.context.ts';
export type { CreditLine, PaidPurchase } from './use-cases/issue-invoice.ts';
export type { OpenInvoiceInput, OpenInvoiceLine } from './use-cases/issue-open-invoice.ts';
export type { PaymentInvoice } from './use-cases/refund-credit.ts';

export type InvoicesService = ReturnType<typeof createInvoicesService>;

/**
 * Invoices and credit notes (issue 38 items 1 and 2; docs/api/invoices.md): the seller settings,
 * an invoice for every paid booking issued in the payment's transaction with a gap-free number
 * per year, credit notes, PDFs in the buyer's language, the buyers' and admins' lists and the
 * accountant's export.
 */
export function createInvoicesService(deps: InvoicesDeps) {
  const ctx = createInvoicesContext(deps);
  const issueOpen = async (tx: Tx, p: OpenInvoiceInput) => {
    const row = await issueOpenInvoice(ctx, tx, p);
    return (await invoiceDtos(ctx, [row], tx))[0]!;
  };
  const refunds = {
    invoiceOfPayment: (tx: DbOrTx, paymentId: number) => invoiceOfPayment(tx, paymentId),
    creditNoteNumbers: (tx: DbOrTx, ids: number[]) => creditNoteNumbers(tx, ids),
    settleCreditNote: (tx: DbOrTx, id: number, at: Date) => settleCreditNote(tx, id, at),
    closeIfCredited: (tx: DbOrTx, id: number, at: Date) => closeIfCredited(tx, id, at),
  };
  return {
    personalData: invoicesPersonalData(ctx.db),
    seller: {
      get: () => getSeller(ctx),
      put: (actor: AuthUser, body: SellerSettingsBody & { vat_rate: number; payment_terms_days: number }) =>
        putSeller(ctx, actor, body),
      /** the VAT settings a checkout charges by (null: none entered, the price is charged) */
      vat: () => vatSettings(ctx),
    },
    /** in the payment's transaction (payments' sync-payment.ts, wired in app-modules.ts) */
    issueForPayment: (tx: DbOrTx, p: PaidPurchase) => issueForPayment(ctx, tx, p),
    /**
     * Pay by invoice (issue 38 item 3): an OPEN invoice with its payment reference (QR-bill), issued
     * in the caller's transaction as its last statement: company bookings by invoice, and seat
     * packages bought that way. Answers the invoice's DTO (`payment_reference`, `due_at`, …).
     */
    issueOpenInvoice: issueOpen,
    /** what payments' purchase by invoice needs (wired in app-modules.ts) */
    byInvoice: {
      access: (db?: DbOrTx) => invoiceAccess(ctx, db),
      issueOpen: (tx: Tx, p: OpenInvoiceInput) => issueOpen(tx, p),
    },
    /** registers what follows when an open invoice is paid (in its transaction; app-modules.ts) */
    onPaid: (handler: InvoicePaidHandler) => {
      ctx.paidHandlers.push(handler);
    },
    /** `POST /api/admin/invoices/{id}/paid` */
    markPaid: (actor: AuthUser, id: number) => markInvoicePaid(ctx, actor, id),
    /** the camt.054 import: its preview and applying it (use-cases/camt-import.ts) */
    camt: {
      preview: (xml: string) => previewCamt(ctx, xml),
      apply: (actor: AuthUser, xml: string) => applyCamt(ctx, actor, xml),
    },
    /** a credit note for (part of) an invoice, in the caller's transaction */
    issueCreditNote: (tx: DbOrTx, invoiceId: number, lines: CreditLine[]) =>
      issueCreditNote(ctx, tx, invoiceId, lines),
    /** refunds (payments' use-cases/refund-payment.ts): a payment's invoice, credit note numbers, settling */
    refunds,
    /** what payments' paid checkouts and refunds need (wired in app-modules.ts as `invoices`) */
    forPayments: {
      issueForPayment: (tx: DbOrTx, p: PaidPurchase) => issueForPayment(ctx, tx, p),
      issueCreditNote: (tx: DbOrTx, invoiceId: number, lines: CreditLine[]) =>
        issueCreditNote(ctx, tx, invoiceId, lines),
      refunds,
    },
    listOwn: (actor: AuthUser, q: { page: number; per_page: number }) => listOwn(ctx, actor, q),
    adminList: (q: AdminInvoiceQuery) => adminList(ctx, q),
    pdf: (actor: AuthUser, id: number) => invoicePdf(ctx, actor, id),
    export: (q: Partial<AdminInvoiceQuery>, locale: Locale, reply: FastifyReply) =>
      exportInvoices(ctx, q, locale, reply),
  };
}
