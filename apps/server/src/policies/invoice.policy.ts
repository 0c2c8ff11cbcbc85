import type { AuthUser } from '../plugins/session.ts';
import { companyPolicy } from './company.policy.ts';

type Actor = Pick<AuthUser, 'id' | 'scopes' | 'companies'>;

/**
 * Who reads an invoice or credit note (issue 38): its buyer, the managers of the company it was
 * bought for, admins.
 */
export const invoicePolicy = {
  view: (a: Actor, i: { userId: number | null; companyId: number | null }) =>
    a.scopes.includes('admin') ||
    (i.userId !== null && i.userId === a.id) ||
    (i.companyId !== null && companyPolicy.manage(a, i.companyId)),
  /** the companies whose invoices the actor sees besides their own (admins: see the admin list) */
  companies: (a: Actor): number[] => companyPolicy.managedIds(a) ?? [],
  /**
   * A manager buys for the company by invoice (issue 38 item 3) only when an admin enabled it for
   * that company (admins too: the setting is the company's)
   */
  buyByInvoice: (a: Actor, company: { id: number; payByInvoice: boolean }) =>
    companyPolicy.manage(a, company.id) && company.payByInvoice,
  /** an invoice is marked paid while it is an open invoice (not a credit note): else why not */
  settle: (i: { kind: string; state: string } | undefined): 'ok' | 'not_found' | 'already_paid' =>
    i?.kind !== 'invoice' ? 'not_found' : i.state === 'paid' ? 'already_paid' : 'ok',
  /**
   * How a bank credit matches an invoice by its reference: the same amount and currency as the
   * invoice's amount due (its total less its credit notes: part of an open purchase by invoice may
   * have been cancelled), and the invoice still open (and not paid by an earlier credit of the same
   * file)
   */
  camtMatch: (
    credit: { amount: number; currency: string },
    invoice: { state: string; grossTotal: number; currency: string; credited?: number } | undefined,
    paidEarlierInFile: boolean,
  ): 'matched' | 'already_paid' | 'amount_mismatch' | 'unmatched' => {
    if (!invoice) return 'unmatched';
    const due = invoice.grossTotal - (invoice.credited ?? 0);
    if (due !== credit.amount || invoice.currency !== credit.currency) return 'amount_mismatch';
    return invoice.state === 'paid' || paidEarlierInFile ? 'already_paid' : 'matched';
  },
};
