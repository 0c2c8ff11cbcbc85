import type { CompanyBookingDto } from '@elearn/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { companyKeys, SEMINARS_ROOT_KEY } from './keys';

export interface CompanyBookingInput {
  seminarId: number;
  companyId: number;
}

/**
 * `POST /api/companies/booking/free {seminarId, companyId}` → 201 the company booking (200 when
 * booked already); 409 `booking.not_free` for a priced seminar.
 */
export const bookCompanyFree = (input: CompanyBookingInput) =>
  api.post<CompanyBookingDto>('/api/companies/booking/free', input);

export function useBookCompanyFree() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bookCompanyFree,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: companyKeys.all });
      void queryClient.invalidateQueries({ queryKey: SEMINARS_ROOT_KEY });
    },
  });
}
