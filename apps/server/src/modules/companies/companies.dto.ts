import type { CompanyDto } from '@elearn/shared';
import type { AuthUser } from '../../plugins/session.ts';
import { companyPolicy } from '../../policies/company.policy.ts';
import type { CompanyListRow } from './companies.repository.ts';

export const companyDto = (actor: AuthUser, c: CompanyListRow): CompanyDto => ({
  id: c.id,
  name: c.name,
  shortName: c.shortName,
  manager: c.manager,
  members_count: c.membersCount,
  abilities: { manage: companyPolicy.manage(actor, c.id) },
});
