import type { CompanyDto } from '@elearn/shared';
import { notFound } from '../../../errors.ts';
import type { AuthUser } from '../../../plugins/session.ts';
import { companyPolicy } from '../../../policies/company.policy.ts';
import type { CompaniesContext } from '../companies.context.ts';
import { companyDto } from '../companies.dto.ts';
import { companiesRepository as companies } from '../companies.repository.ts';

/** `GET /api/companies`: the caller's companies (every company: admin) */
export async function listCompanies(ctx: CompaniesContext, actor: AuthUser): Promise<CompanyDto[]> {
  const every = companyPolicy.seesEvery(actor);
  const rows = await companies.listFor(ctx.db, every ? null : actor.id);
  if (!every) return rows.map((r) => companyDto(actor, r));
  // an admin also belongs to some companies: their manager flag still counts
  return rows.map((r) => companyDto(actor, { ...r, manager: true }));
}

/** `GET /api/companies/by-name/{name}`: one of the caller's companies by its short name */
export async function companyByName(
  ctx: CompaniesContext,
  actor: AuthUser,
  shortName: string,
): Promise<CompanyDto> {
  // a former short name still finds the company (its DTO carries the current one)
  const found = await companies.findByAnyShortName(ctx.db, shortName);
  // "no such company" and "not yours" answer alike: a short name reveals no company
  if (!found || !companyPolicy.member(actor, found.id)) throw notFound();
  const [row] = await companies.listFor(ctx.db, null, found.id);
  return companyDto(actor, { ...row!, manager: companyPolicy.manage(actor, found.id) });
}
