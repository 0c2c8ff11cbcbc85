import type { InvoiceCheckoutDto, PayByInvoiceDto } from '@elearn/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** `GET /api/companies/{id}/pay-by-invoice`: may the company's managers buy by invoice (issue 38 item 3) */
export const useCompanyPayByInvoice = (companyId: number) =>
  useQuery({
    queryKey: ['companies', companyId, 'pay-by-invoice'],
    queryFn: () => api.get<PayByInvoiceDto>(`/api/companies/${companyId}/pay-by-invoice`),
  });

/**
 * `POST /api/companies/booking/invoice {seminarId, companyId, reference?, voucherCode?}` → the
 * booking and its open invoice (QR-bill, the voucher's line; paid at once when the voucher pays it
 * all); no payment provider.
 */
export function useBookByInvoice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { seminarId: number; companyId: number; reference?: string; voucherCode?: string }) =>
      api.post<InvoiceCheckoutDto>('/api/companies/booking/invoice', input),
    onSuccess: () => client.invalidateQueries(),
  });
}
