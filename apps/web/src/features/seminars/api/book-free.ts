import type { BookingDto } from '@elearn/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { seminarKeys } from './keys';

/**
 * `POST /api/booking/free {seminarId}` → 201 the booking (200 when booked already); 409
 * `booking.not_free` / `booking.own_seminar`.
 */
export const bookFree = (seminarId: number) => api.post<BookingDto>('/api/booking/free', { seminarId });

export function useBookFree() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bookFree,
    onSuccess: (_, seminarId) => {
      void queryClient.invalidateQueries({ queryKey: seminarKeys.detail(seminarId) });
      void queryClient.invalidateQueries({ queryKey: seminarKeys.booked() });
      void queryClient.invalidateQueries({
        queryKey: seminarKeys.all,
        predicate: (q) => q.queryKey[1] === 'slug',
      });
      void queryClient.invalidateQueries({ queryKey: ['todos'] });
    },
  });
}
