import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useCompanyChanged } from './company-changed';

/** `DELETE /api/admin/companies/{id}` → 204; 409 `company.not_empty`. */
export const deleteCompany = (id: number) => api.delete<void>(`/api/admin/companies/${id}`);

export function useDeleteCompany() {
  const changed = useCompanyChanged();
  return useMutation({ mutationFn: deleteCompany, onSuccess: changed });
}
