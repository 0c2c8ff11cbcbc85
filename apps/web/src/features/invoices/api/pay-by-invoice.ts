import type { CamtImportDto, InvoiceDto, PayByInvoiceDto } from '@elearn/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/*
 * Pay by invoice (issue 38 item 3): the admin's company setting, the manager's purchase on
 * account, marking an invoice paid, the camt.054 import.
 */

const payByInvoiceKey = (companyId: number) => ['invoices', 'pay-by-invoice', companyId] as const;

/** `GET /api/companies/{id}/pay-by-invoice` (managers of the company, admins) */
export const usePayByInvoice = (companyId: number, enabled = true) =>
  useQuery({
    queryKey: payByInvoiceKey(companyId),
    queryFn: () => api.get<PayByInvoiceDto>(`/api/companies/${companyId}/pay-by-invoice`),
    enabled,
  });

/** `PUT /api/admin/companies/{id}/pay-by-invoice {enabled}` */
export function useSetPayByInvoice(companyId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) =>
      api.put<PayByInvoiceDto>(`/api/admin/companies/${companyId}/pay-by-invoice`, { enabled }),
    onSuccess: (saved) => client.setQueryData(payByInvoiceKey(companyId), saved),
  });
}

/** `POST /api/admin/invoices/{id}/paid` */
export function useMarkInvoicePaid() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<InvoiceDto>(`/api/admin/invoices/${id}/paid`, {}),
    onSuccess: () => client.invalidateQueries({ queryKey: ['invoices'] }),
  });
}

/** `POST /api/admin/invoices/camt054/preview` and `…/apply {xml}` */
export function useCamtImport() {
  const client = useQueryClient();
  const preview = useMutation({
    mutationFn: (xml: string) => api.post<CamtImportDto>('/api/admin/invoices/camt054/preview', { xml }),
  });
  const apply = useMutation({
    mutationFn: (xml: string) => api.post<CamtImportDto>('/api/admin/invoices/camt054/apply', { xml }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['invoices'] }),
  });
  return { preview, apply };
}
