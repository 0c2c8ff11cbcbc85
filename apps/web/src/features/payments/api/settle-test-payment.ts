import type { TestCheckoutAction } from '@elearn/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { STALE_AFTER_PAYMENT } from './keys';

/**
 * `POST /api/payments/test-checkout/{paymentId} {action}`: pays, fails or cancels the test
 * payment; the answer says where the browser goes next (the payment's redirect URL).
 */
export const settleTestPayment = (paymentId: string, action: TestCheckoutAction) =>
  api.post<{ redirectUrl: string }>(`/api/payments/test-checkout/${encodeURIComponent(paymentId)}`, {
    action,
  });

export function useSettleTestPayment(paymentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: TestCheckoutAction) => settleTestPayment(paymentId, action),
    onSuccess: () => {
      for (const queryKey of STALE_AFTER_PAYMENT) void queryClient.invalidateQueries({ queryKey });
    },
  });
}
