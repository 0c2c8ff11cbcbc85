import type { AdminCompanyDto } from '@elearn/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useCompanyChanged } from './company-changed';
import type { CompanyInput } from './create-company';

/** `PATCH /api/admin/companies/{id} {name?, shortName?}` → the company (the old short name keeps working). */
export const updateCompany = (id: number, input: Partial<CompanyInput>) =>
  api.patch<AdminCompanyDto>(`/api/admin/companies/${id}`, input);

export function useUpdateCompany() {
  const changed = useCompanyChanged();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: Partial<CompanyInput> }) => updateCompany(id, input),
    onSuccess: changed,
  });
}
