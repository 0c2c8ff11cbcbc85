import type { VoucherQuoteDto } from '@elearn/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * `POST /api/vouchers/check {seminarId, code}` → what the code takes off the price before paying;
 * 422 with the reason at `code` (unknown, expired, not yet valid, not for this seminar, used up).
 */
export const useCheckVoucher = () =>
  useMutation({
    mutationFn: (input: { seminarId: number; code: string }) =>
      api.post<VoucherQuoteDto>('/api/vouchers/check', input),
  });
