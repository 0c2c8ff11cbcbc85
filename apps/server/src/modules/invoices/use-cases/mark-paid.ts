import type { InvoiceDto } from '@elearn/shared';
import type { Tx } from '../../../db/client.ts';
import { conflict, notFound } from '../../../errors.ts';
import type { AuthUser } from '../../../plugins/session.ts';
import { invoicePolicy } from '../../../policies/invoice.policy.ts';
import { auditRepository } from '../../audit/audit.repository.ts';
import type { InvoicesContext } from '../invoices.context.ts';
import { type InvoiceRow, invoicesRepository as repo } from '../invoices.repository.ts';
import { invoiceDtos } from './queries.ts';

/** how an invoice was found paid: an admin's click, or a credit of a camt.054 file */
export type PaidSource =
  | { via: 'manual' }
  | { via: 'camt054'; bankReference: string | null; bookedOn: string | null };

/**
 * An open invoice (locked by the caller) becomes paid in the caller's transaction: its state and
 * date, what follows from it (the registered handlers: payments grants a booking bought "when
 * paid"), and the audit entry `invoice.paid` with the source.
 */
export async function settleOpenInvoice(
  ctx: InvoicesContext,
  tx: Tx,
  actor: AuthUser,
  invoice: InvoiceRow,
  at: Date,
  source: PaidSource,
): Promise<void> {
  await repo.markPaid(tx, invoice.id, at);
  for (const handler of ctx.paidHandlers) await handler(tx, invoice, at);
  await auditRepository.record(
    tx,
    {
      actor: { id: actor.id, username: actor.username },
      action: 'invoice.paid',
      targetType: 'invoice',
      targetId: invoice.id,
      targetLabel: invoice.number,
      before: { state: invoice.state },
      after: { state: 'paid', paid_at: at.toISOString(), ...source },
    },
    at,
  );
}

/**
 * `POST /api/admin/invoices/{id}/paid`: an admin marks an open invoice paid (money received
 * outside a bank file).
 * @throws 404 for an unknown invoice or a credit note; invoice.already_paid (409)
 */
export async function markInvoicePaid(
  ctx: InvoicesContext,
  actor: AuthUser,
  id: number,
): Promise<InvoiceDto> {
  const at = new Date(ctx.now());
  await ctx.db.transaction(async (tx) => {
    const invoice = await repo.lockInvoice(tx, id);
    const rule = invoicePolicy.settle(invoice);
    if (rule === 'not_found') throw notFound();
    if (rule === 'already_paid') throw conflict('invoice.already_paid', 'invoice.already_paid');
    await settleOpenInvoice(ctx, tx, actor, invoice!, at, { via: 'manual' });
  });
  const row = await repo.findById(ctx.db, id);
  const [dto] = await invoiceDtos(ctx, [row!]);
  return dto!;
}
