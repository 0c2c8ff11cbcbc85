import type { CheckoutDto } from '@elearn/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * `POST /api/booking/now {seminarId, voucherCode?}` → `{checkoutUrl, bookingId}` (201 new checkout, 200 the open
 * one again); 409 `booking.already_booked` / `booking.own_seminar` / `payment.free_seminar` /
 * `payment.not_payable` / `payment.in_progress`, 503 `payment.unavailable`. Price and currency
 * come from the server.
 */
export const bookNow = ({ seminarId, voucherCode }: { seminarId: number; voucherCode?: string }) =>
  api.post<CheckoutDto>('/api/booking/now', { seminarId, ...(voucherCode ? { voucherCode } : {}) });

/** The browser leaves for the checkout right after, so nothing is refreshed here. */
export const useBookNow = () => useMutation({ mutationFn: bookNow });
