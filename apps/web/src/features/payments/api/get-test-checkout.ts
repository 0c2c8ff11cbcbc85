import type { TestCheckoutDto } from '@elearn/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { paymentKeys } from './keys';

/** `GET /api/payments/test-checkout/{paymentId}`: one of the caller's test payments (built-in checkout). */
export const getTestCheckout = (paymentId: string) =>
  api.get<TestCheckoutDto>(`/api/payments/test-checkout/${encodeURIComponent(paymentId)}`);

export const testCheckoutQueryOptions = (paymentId: string) =>
  queryOptions({ queryKey: paymentKeys.testCheckout(paymentId), queryFn: () => getTestCheckout(paymentId) });

export const useTestCheckout = (paymentId: string) => useQuery(testCheckoutQueryOptions(paymentId));
