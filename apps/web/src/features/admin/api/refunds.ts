import type { PaymentRefundsDto, RefundBody, RefundDto } from '@elearn/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from './keys';

const refundsKey = (paymentId: number) => ['admin', 'payments', 'refunds', paymentId] as const;

/** `GET /api/admin/payments/{id}/refunds`: the refunds, what is left and the invoice's lines. */
export const paymentRefundsQueryOptions = (paymentId: number) =>
  queryOptions({
    queryKey: refundsKey(paymentId),
    queryFn: () => api.get<PaymentRefundsDto>(`/api/admin/payments/${paymentId}/refunds`),
  });

export const usePaymentRefunds = (paymentId: number) => useQuery(paymentRefundsQueryOptions(paymentId));

/**
 * `POST /api/admin/payments/{id}/refunds {amount?, line_id?}`; 409 `refund.exceeds`,
 * `refund.not_paid`, `refund.in_progress`, `refund.line_refunded`.
 */
export function useRefundPayment(paymentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RefundBody) => api.post<RefundDto>(`/api/admin/payments/${paymentId}/refunds`, body),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: refundsKey(paymentId) });
      void queryClient.invalidateQueries({ queryKey: adminKeys.audit() });
    },
  });
}
