import type { PayByInvoiceDto } from '@elearn/shared';
import { conflict, notFound } from '../../../errors.ts';
import type { AuthUser } from '../../../plugins/session.ts';
import { companyPolicy } from '../../../policies/company.policy.ts';
import { invoicePolicy } from '../../../policies/invoice.policy.ts';
import { auditRepository } from '../../audit/audit.repository.ts';
import type { CompaniesContext } from '../companies.context.ts';
import { companyBillingRepository as billing } from '../company-billing.repository.ts';
import { companyBookingsRepository, companyGrants } from '../company-bookings.repository.ts';
import { companyFor, managedCompany } from '../company-guards.ts';

const dto = (c: { id: number; payByInvoice: boolean }): PayByInvoiceDto => ({
  id: c.id,
  pay_by_invoice: c.payByInvoice,
});

/** `GET /api/companies/{id}/pay-by-invoice`: for its managers' checkout and admins (404, 403) */
export async function getPayByInvoice(ctx: CompaniesContext, actor: AuthUser, id: number) {
  return dto(await managedCompany(ctx, actor, id));
}

/**
 * `PUT /api/admin/companies/{id}/pay-by-invoice`: an admin allows (or stops) buying by invoice for
 * the company; audited (`company.pay_by_invoice`, before and after). Open invoices stay open.
 * @throws 404 for an unknown company
 */
export async function setPayByInvoice(
  ctx: CompaniesContext,
  actor: AuthUser,
  id: number,
  enabled: boolean,
): Promise<PayByInvoiceDto> {
  const at = new Date(ctx.now());
  return ctx.db.transaction(async (tx) => {
    const company = await billing.lock(tx, id);
    if (!company) throw notFound();
    if (company.payByInvoice !== enabled) {
      await billing.setPayByInvoice(tx, id, enabled);
      await auditRepository.record(
        tx,
        {
          actor: { id: actor.id, username: actor.username },
          action: 'company.pay_by_invoice',
          targetType: 'company',
          targetId: id,
          targetLabel: company.name,
          before: { pay_by_invoice: company.payByInvoice },
          after: { pay_by_invoice: enabled },
        },
        at,
      );
    }
    return dto({ id, payByInvoice: enabled });
  });
}

/**
 * Checks before a manager buys a priced seminar for the company by invoice: they manage it, an
 * admin enabled buying by invoice for it, the company may book the seminar and does not hold it.
 * @throws 404 (company or seminar), 403, invoice.not_enabled (409), booking.already_booked (409)
 */
export async function checkInvoicePurchase(
  ctx: CompaniesContext,
  actor: AuthUser,
  body: { seminarId: number; companyId: number },
): Promise<void> {
  const company = await companyFor(ctx, actor, body.companyId, companyPolicy.manage);
  if (!invoicePolicy.buyByInvoice(actor, company))
    throw conflict('invoice.not_enabled', 'invoice.not_enabled');
  const s = (await ctx.seminars.access(actor, body.seminarId).catch(() => null))?.seminar;
  if (!s || !companyPolicy.books(s, body.companyId)) throw notFound();
  const held = await companyBookingsRepository.find(ctx.db, body.companyId, body.seminarId);
  if (held && companyGrants(held.status)) throw conflict('booking.already_booked', 'booking.already_booked');
}
