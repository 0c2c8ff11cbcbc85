import type { SeatPurchaseResult } from '@elearn/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface SeatPurchaseInput {
  companyId: number;
  seminarId: number;
  seats: number;
  months: number;
  valid_from?: string;
  reference?: string;
  /** by card (the checkout) or, when an admin enabled it for the company, by invoice */
  pay_by?: 'card' | 'invoice';
}

/**
 * `POST /api/companies/seat-packages` (issue 38 item 4) → `{package, checkout, invoice?}`: a
 * package of seats, paid by card through the checkout or by invoice (an open invoice with its
 * QR-bill, `checkout` null); 409 `seats.unlimited`, `seats.not_priced`, `invoice.not_enabled`, 422
 * field errors (seats, months, valid_from).
 */
export const buySeats = (input: SeatPurchaseInput) =>
  api.post<SeatPurchaseResult>('/api/companies/seat-packages', { pay_by: 'card', ...input });

export function useBuySeats() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: buySeats,
    // by invoice the package exists (and may grant) at once: the lists show it
    onSuccess: (r) => (r.invoice ? client.invalidateQueries() : undefined),
  });
}
