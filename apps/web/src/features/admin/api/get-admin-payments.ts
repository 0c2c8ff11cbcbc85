import type { AdminPaymentDto, Paginated } from '@elearn/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ListQuery, PAYMENT_FILTERS } from '../filters';
import { adminKeys } from './keys';

export type AdminPaymentQuery = ListQuery<typeof PAYMENT_FILTERS> & { per_page?: number };

/** `GET /api/admin/payments?status=&from=&to=&page=`: every payment, newest first. */
export const getAdminPayments = (query: AdminPaymentQuery) =>
  api.get<Paginated<AdminPaymentDto>>('/api/admin/payments', { query });

export const adminPaymentsQueryOptions = (query: AdminPaymentQuery) =>
  queryOptions({
    queryKey: adminKeys.paymentList(query),
    queryFn: () => getAdminPayments(query),
    placeholderData: keepPreviousData,
  });

export const useAdminPayments = (query: AdminPaymentQuery) => useQuery(adminPaymentsQueryOptions(query));
