import type { Params } from 'react-router';
import { useParams } from 'react-router';
import { QueryState } from '@/components/query-state';
import { useAdminCompany } from '@/features/admin/api/get-admin-company';
import { CompanyDetail } from '@/features/admin/components/company-detail';
import { idParam } from '@/lib/current-ids';

/** An id that is not a positive whole number is "page not found". */
export const check = (params: Params) => idParam(params.id) !== null;

/** `/admin/companies/{id}`: rename, members, managers, delete. */
export default function AdminCompanyPage() {
  const id = idParam(useParams().id) ?? 0;
  const query = useAdminCompany(id);
  return (
    <QueryState query={query} notFoundOn404>
      {(company) => <CompanyDetail company={company} />}
    </QueryState>
  );
}
