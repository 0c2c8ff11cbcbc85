import type { BookingPaymentDto } from '@elearn/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { paymentKeys } from './keys';

/** how often the redirect page asks again while the payment is pending, and for how long */
export const SYNC_INTERVAL_MS = 2000;
export const SYNC_MAX_TRIES = 30;

/**
 * `POST /api/payments/booking/{id}/sync`: the server asks the provider about the latest attempt
 * (the customer may be back before the webhook) and answers with the booking.
 */
export const syncBooking = (id: number) => api.post<BookingPaymentDto>(`/api/payments/booking/${id}/sync`);

/**
 * The redirect page's check; repeated while the booking is pending, at most
 * {@link SYNC_MAX_TRIES} times (`gaveUp` then tells the page to stop waiting visibly).
 */
export function useBookingSync(id: number | null) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: paymentKeys.sync(id ?? 0),
    queryFn: () => syncBooking(id ?? 0),
    enabled: id !== null,
    retry: false,
    refetchOnWindowFocus: false,
    refetchInterval: (q) =>
      q.state.data?.status === 'pending' && q.state.dataUpdateCount < SYNC_MAX_TRIES
        ? SYNC_INTERVAL_MS
        : false,
  });
  const tries = queryClient.getQueryState(paymentKeys.sync(id ?? 0))?.dataUpdateCount ?? 0;
  return { query, gaveUp: query.data?.status === 'pending' && tries >= SYNC_MAX_TRIES };
}
