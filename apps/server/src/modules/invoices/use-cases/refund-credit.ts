import type { DbOrTx } from '../../../db/client.ts';
import { invoicesRepository as repo } from '../invoices.repository.ts';

/** a payment's invoice as a refund sees it: what can be credited, line by line */
export interface PaymentInvoice {
  id: number;
  number: string;
  locale: string;
  /** minor units */
  grossTotal: number;
  /** minor units already credited by credit notes */
  credited: number;
  lines: { id: number; description: string; seminarId: number | null; gross: number }[];
}

/** the invoice of a paid payment with its lines (null: none issued, e.g. a payment from before invoices) */
export async function invoiceOfPayment(db: DbOrTx, paymentId: number): Promise<PaymentInvoice | null> {
  const invoice = await repo.findByPayment(db, paymentId);
  if (!invoice) return null;
  const [lines, credited] = await Promise.all([
    repo.linesOf(db, [invoice.id]),
    repo.creditedGross(db, invoice.id),
  ]);
  return {
    id: invoice.id,
    number: invoice.number,
    locale: invoice.locale,
    grossTotal: invoice.grossTotal,
    credited,
    lines: lines.map((l) => ({
      id: l.id,
      description: l.description,
      seminarId: l.seminarId,
      gross: l.gross,
    })),
  };
}

/** the numbers of credit notes by id (a refund list shows them) */
export const creditNoteNumbers = (db: DbOrTx, ids: number[]) => repo.numbersByIds(db, ids);

/** a refund the provider completed: its credit note is settled (`open` → `paid`, once) */
export const settleCreditNote = (db: DbOrTx, id: number, at: Date) => repo.markPaid(db, id, at);

/**
 * An OPEN invoice whose credit notes reach its total is closed (`paid`, settled by the credit
 * notes: a purchase by invoice cancelled before it was paid; docs/decisions/payments.md). No
 * `onPaid` handler runs: nothing was paid. Answers whether it closed it.
 */
export async function closeIfCredited(db: DbOrTx, invoiceId: number, at: Date): Promise<boolean> {
  const invoice = await repo.lockInvoice(db, invoiceId);
  if (invoice?.kind !== 'invoice' || invoice.state !== 'open') return false;
  if ((await repo.creditedGross(db, invoice.id)) < invoice.grossTotal) return false;
  await repo.markPaid(db, invoice.id, at);
  return true;
}
