import type { AdminInvoiceQuery, Locale, SellerSettingsBody } from '@elearn/shared';
import type { FastifyReply } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';
import type { AuthUser } from '../../plugins/session.ts';
import { createInvoicesContext, type InvoicesDeps } from './invoices.context.ts';
import { invoicesPersonalData } from './invoices.personal-data.ts';
import {
  type CreditLine,
  issueCreditNote,
  issueForPayment,
  type PaidPurchase,
} from './use-cases/issue-invoice.ts';
import { adminList, exportInvoices, invoicePdf, listOwn } from './use-cases/queries.ts';
import { creditNoteNumbers, invoiceOfPayment, settleCreditNote } from './use-cases/refund-credit.ts';
import { getSeller, putSeller, vatSettings } from './use-cases/seller.ts';

export { chargedAmount } from './invoice-amounts.ts';
export type { InvoicesDeps } from './invoices.context.ts';
export type { CreditLine, PaidPurchase } from './use-cases/issue-invoice.ts';
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
    /** a credit note for (part of) an invoice, in the caller's transaction */
    issueCreditNote: (tx: DbOrTx, invoiceId: number, lines: CreditLine[]) =>
      issueCreditNote(ctx, tx, invoiceId, lines),
    /** refunds (payments' use-cases/refund-payment.ts): a payment's invoice, credit note numbers, settling */
    refunds: {
      invoiceOfPayment: (tx: DbOrTx, paymentId: number) => invoiceOfPayment(tx, paymentId),
      creditNoteNumbers: (tx: DbOrTx, ids: number[]) => creditNoteNumbers(tx, ids),
      settleCreditNote: (tx: DbOrTx, id: number, at: Date) => settleCreditNote(tx, id, at),
    },
    listOwn: (actor: AuthUser, q: { page: number; per_page: number }) => listOwn(ctx, actor, q),
    adminList: (q: AdminInvoiceQuery) => adminList(ctx, q),
    pdf: (actor: AuthUser, id: number) => invoicePdf(ctx, actor, id),
    export: (q: Partial<AdminInvoiceQuery>, locale: Locale, reply: FastifyReply) =>
      exportInvoices(ctx, q, locale, reply),
  };
}
