import type { SeatPurchaseResult } from '@elearn/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface SeatPurchaseInput {
  companyId: number;
  seminarId: number;
  seats: number;
  months: number;
  valid_from?: string;
  reference?: string;
}

/**
 * `POST /api/companies/seat-packages` (issue 38 item 4) → `{package, checkout}`: a package of
 * seats, paid by card through the checkout; 409 `seats.unlimited`, `seats.not_priced`, 422 field
 * errors (seats, months, valid_from).
 */
export const buySeats = (input: SeatPurchaseInput) =>
  api.post<SeatPurchaseResult>('/api/companies/seat-packages', { ...input, pay_by: 'card' });

export function useBuySeats() {
  return useMutation({ mutationFn: buySeats });
}
