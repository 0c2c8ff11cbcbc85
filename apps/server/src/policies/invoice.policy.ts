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
};
