import type { AdminCompanyDto } from '@elearn/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useCompanyChanged } from './company-changed';

export interface CompanyInput {
  name: string;
  shortName: string;
}

/** `POST /api/admin/companies {name, shortName}` → 201; 422 field errors (`company.short_name_taken`). */
export const createCompany = (input: CompanyInput) =>
  api.post<AdminCompanyDto>('/api/admin/companies', input);

export function useCreateCompany() {
  const changed = useCompanyChanged();
  return useMutation({ mutationFn: createCompany, onSuccess: changed });
}
