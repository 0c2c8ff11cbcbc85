import type { CheckoutDto } from '@elearn/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { CompanyBookingInput } from './book-company-free';

/**
 * `POST /api/companies/booking/now {seminarId, companyId, reference?, voucherCode?}` (the buyer's
 * reference or PO number, printed on the invoice; a voucher code: issue 38) → `{checkoutUrl,
 * bookingId}`: the manager pays for a priced seminar on behalf of the company; once paid, the
 * company holds it. A voucher paying it all answers the redirect page (booked at once).
 */
export const bookCompanyNow = (input: CompanyBookingInput & { reference?: string; voucherCode?: string }) =>
  api.post<CheckoutDto>('/api/companies/booking/now', input);

export function useBookCompanyNow() {
  return useMutation({ mutationFn: bookCompanyNow });
}
