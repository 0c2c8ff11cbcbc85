import type { CompanyAddressBody, CompanyAddressDto } from '@elearn/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/* A company's postal address on its invoices (issue 38): its managers and admins. */

const addressKey = (companyId: number) => ['invoices', 'company-address', companyId] as const;

/** `GET /api/companies/{id}/address` */
export const useCompanyAddress = (companyId: number) =>
  useQuery({
    queryKey: addressKey(companyId),
    queryFn: () => api.get<CompanyAddressDto>(`/api/companies/${companyId}/address`),
  });

/** `PUT /api/companies/{id}/address` */
export function useSaveCompanyAddress(companyId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CompanyAddressBody) =>
      api.put<CompanyAddressDto>(`/api/companies/${companyId}/address`, body),
    onSuccess: (saved) => client.setQueryData(addressKey(companyId), saved),
  });
}
