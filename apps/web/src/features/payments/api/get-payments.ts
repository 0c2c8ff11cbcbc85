import type { Paginated, PaymentDto } from '@elearn/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { paymentKeys } from './keys';

export const PAYMENTS_PER_PAGE = 20;

/** `GET /api/payments/status/?page=`: the caller's payment attempts, newest first (a paginator). */
export const getPayments = (page: number) =>
  api.get<Paginated<PaymentDto>>('/api/payments/status/', { query: { page, per_page: PAYMENTS_PER_PAGE } });

export const paymentsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: paymentKeys.list(page),
    queryFn: () => getPayments(page),
    placeholderData: keepPreviousData,
  });

export const usePayments = (page: number) => useQuery(paymentsQueryOptions(page));
