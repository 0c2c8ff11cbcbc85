import type { CompanyAddressDto, companyAddressBodySchema } from '@elearn/shared';
import type { z } from 'zod';
import { forbidden, notFound } from '../../../errors.ts';
import type { AuthUser } from '../../../plugins/session.ts';
import { companyPolicy } from '../../../policies/company.policy.ts';
import { auditRepository } from '../../audit/audit.repository.ts';
import type { CompaniesContext } from '../companies.context.ts';
import type { CompanyRow } from '../companies.repository.ts';
import {
  companyBillingRepository as billing,
  type CompanyAddressValues,
} from '../company-billing.repository.ts';
import { companyFor } from '../company-guards.ts';

/*
 * A company's postal address (issue 38): the buyer's address on its invoices and the Swiss
 * QR-bill's debtor. Its managers and admins read and change it (companyPolicy.address); an
 * invoice keeps the address it was issued with (invoices.buyer), so a change touches no issued one.
 */

type Body = z.output<typeof companyAddressBodySchema>;

const values = (c: CompanyAddressValues): Omit<CompanyAddressDto, 'id'> => ({
  street: c.addressStreet,
  building_number: c.addressBuildingNumber,
  postal_code: c.addressPostalCode,
  town: c.addressTown,
  country: c.addressCountry,
});

/** the address fields of a company row (an invoice's buyer; wired to the invoices module) */
export const companyAddressOf = (c: CompanyRow) => values(c);

/** `GET /api/companies/{id}/address`: its managers, admins (404 unknown, 403 others) */
export async function getCompanyAddress(
  ctx: CompaniesContext,
  actor: AuthUser,
  id: number,
): Promise<CompanyAddressDto> {
  const company = await companyFor(ctx, actor, id, companyPolicy.address);
  return { id, ...values(company) };
}

/**
 * `PUT /api/companies/{id}/address`: replaces the address (every field; null or blank clears it);
 * audited as `company.address` with before and after when it changed.
 * @throws 404 unknown company, 403 neither a manager of it nor an admin
 */
export async function setCompanyAddress(
  ctx: CompaniesContext,
  actor: AuthUser,
  id: number,
  body: Body,
): Promise<CompanyAddressDto> {
  const next: CompanyAddressValues = {
    addressStreet: body.street,
    addressBuildingNumber: body.building_number,
    addressPostalCode: body.postal_code,
    addressTown: body.town,
    addressCountry: body.country,
  };
  const at = new Date(ctx.now());
  return ctx.db.transaction(async (tx) => {
    const company = await billing.lock(tx, id);
    if (!company) throw notFound();
    if (!companyPolicy.address(actor, id)) throw forbidden();
    const before = values(company);
    const after = values(next);
    if (JSON.stringify(before) !== JSON.stringify(after)) {
      await billing.setAddress(tx, id, next);
      await auditRepository.record(
        tx,
        {
          actor: { id: actor.id, username: actor.username },
          action: 'company.address',
          targetType: 'company',
          targetId: id,
          targetLabel: company.name,
          before,
          after,
        },
        at,
      );
    }
    return { id, ...after };
  });
}
