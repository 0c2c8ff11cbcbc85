import type { QueryClient } from '@tanstack/react-query';
import type { Params } from 'react-router';
import { useParams } from 'react-router';
import { QueryState } from '@/components/query-state';
import { adminCompanyQueryOptions, useAdminCompany } from '@/features/admin/api/get-admin-company';
import { CompanyDetail } from '@/features/admin/components/company-detail';
import { CompanyAddressForm } from '@/features/invoices/components/company-address-form';
import { PayByInvoiceSetting } from '@/features/invoices/components/pay-by-invoice-setting';
import { idParam } from '@/lib/current-ids';
import { prefetchPageQuery } from '@/lib/page-prefetch';

/** An id that is not a positive whole number is "page not found". */
export const check = (params: Params) => idParam(params.id) !== null;

/** The company before the page renders (its name is the page's title). */
export const prefetch = (queryClient: QueryClient, params: Params) =>
  prefetchPageQuery(queryClient, adminCompanyQueryOptions(idParam(params.id) ?? 0));

/**
 * `/admin/companies/{id}`: rename, members, managers, delete; pay by invoice (issue 38 item 3) and
 * the postal address on the company's invoices (issue 38).
 */
export default function AdminCompanyPage() {
  const id = idParam(useParams().id) ?? 0;
  const query = useAdminCompany(id);
  return (
    <QueryState query={query} notFoundOn404>
      {(company) => (
        <>
          <CompanyDetail company={company} />
          <PayByInvoiceSetting companyId={company.id} />
          <CompanyAddressForm companyId={company.id} />
        </>
      )}
    </QueryState>
  );
}
