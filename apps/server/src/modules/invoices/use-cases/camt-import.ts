import { type CamtEntry, type CamtImportDto, encodeMessage as m } from '@elearn/shared';
import type { DbOrTx } from '../../../db/client.ts';
import { validation } from '../../../errors.ts';
import type { AuthUser } from '../../../plugins/session.ts';
import { invoicePolicy } from '../../../policies/invoice.policy.ts';
import { type CamtCredit, CamtError, type CamtNotification, parseCamt054 } from '../camt054.ts';
import type { InvoicesContext } from '../invoices.context.ts';
import { type InvoiceRow, invoicesRepository as repo } from '../invoices.repository.ts';
import { settleOpenInvoice } from './mark-paid.ts';

/** the file read, or 422 at `xml` */
function read(xml: string): CamtNotification {
  try {
    return parseCamt054(xml);
  } catch (err) {
    if (err instanceof CamtError) {
      throw validation({ xml: [m('invoice.camt_invalid')] }, 'invoice.camt_invalid', 'invoice.camt_invalid');
    }
    throw err;
  }
}

interface Matched {
  credit: CamtCredit;
  entry: CamtEntry;
  invoice: InvoiceRow | undefined;
}

/**
 * Every credit against the invoices its reference names (locked when applying): matched,
 * already paid (also by an earlier credit of the same file), amount mismatch, unmatched.
 */
async function match(db: DbOrTx, n: CamtNotification, lock: boolean): Promise<Matched[]> {
  const refs = [...new Set(n.credits.flatMap((c) => (c.reference ? [c.reference] : [])))];
  const found = await repo.byReferences(db, refs, lock);
  const byRef = new Map(found.map((i) => [i.paymentReference!, i]));
  const credited = await repo.creditedOf(
    db,
    found.map((i) => i.id),
  );
  const paidInFile = new Set<number>();
  return n.credits.map((credit) => {
    const invoice = credit.reference ? byRef.get(credit.reference) : undefined;
    const match = invoicePolicy.camtMatch(
      credit,
      invoice && { ...invoice, credited: credited.get(invoice.id) ?? 0 },
      !!invoice && paidInFile.has(invoice.id),
    );
    if (match === 'matched') paidInFile.add(invoice!.id);
    const entry: CamtEntry = {
      bank_reference: credit.bankReference,
      booked_on: credit.bookedOn,
      amount: credit.amount,
      currency: credit.currency,
      reference: credit.reference,
      debtor: credit.debtor,
      match,
      invoice: invoice
        ? {
            id: invoice.id,
            number: invoice.number,
            gross_total: invoice.grossTotal,
            currency: invoice.currency,
          }
        : null,
    };
    return { credit, entry, invoice };
  });
}

/** `POST /api/admin/invoices/camt054/preview`: what applying the file would do (nothing written) */
export async function previewCamt(ctx: InvoicesContext, xml: string): Promise<CamtImportDto> {
  const n = read(xml);
  const rows = await match(ctx.db, n, false);
  return { version: n.version, entries: rows.map((r) => r.entry), applied: 0 };
}

/**
 * `POST /api/admin/invoices/camt054/apply`: every matched invoice marked paid (with what follows
 * from it and its audit entry), all in ONE transaction with the invoices locked; a file imported
 * again finds them paid and changes nothing.
 */
export async function applyCamt(ctx: InvoicesContext, actor: AuthUser, xml: string): Promise<CamtImportDto> {
  const n = read(xml);
  const at = new Date(ctx.now());
  return ctx.db.transaction(async (tx) => {
    const rows = await match(tx, n, true);
    let applied = 0;
    for (const r of rows) {
      if (r.entry.match !== 'matched') continue;
      await settleOpenInvoice(ctx, tx, actor, r.invoice!, at, {
        via: 'camt054',
        bankReference: r.credit.bankReference,
        bookedOn: r.credit.bookedOn,
      });
      applied++;
    }
    return { version: n.version, entries: rows.map((r) => r.entry), applied };
  });
}
