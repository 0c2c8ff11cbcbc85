import type { TestCheckoutAction, TestCheckoutDto } from '@elearn/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { paymentKeys, STALE_AFTER_PAYMENT } from './keys';

/** `GET /api/payments/test-checkout/{paymentId}`: one of the caller's test payments (built-in checkout). */
export const getTestCheckout = (paymentId: string) =>
  api.get<TestCheckoutDto>(`/api/payments/test-checkout/${encodeURIComponent(paymentId)}`);

export const testCheckoutQueryOptions = (paymentId: string) =>
  queryOptions({ queryKey: paymentKeys.testCheckout(paymentId), queryFn: () => getTestCheckout(paymentId) });

export const useTestCheckout = (paymentId: string) => useQuery(testCheckoutQueryOptions(paymentId));

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
