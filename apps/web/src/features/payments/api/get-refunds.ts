import type { OwnRefundDto } from '@elearn/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { paymentKeys } from './keys';

/** `GET /api/payments/refunds`: the caller's refunds with their seminar and credit note. */
export const useMyRefunds = () =>
  useQuery({
    queryKey: [...paymentKeys.all, 'refunds'] as const,
    queryFn: () => api.get<{ items: OwnRefundDto[] }>('/api/payments/refunds'),
  });
