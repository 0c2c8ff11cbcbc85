import type { BookingPaymentDto } from '@elearn/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { paymentKeys } from './keys';

/** `GET /api/payments/booking/{id}`: the caller's booking with its payment attempts (404 for others). */
export const getBookingPayment = (id: number) => api.get<BookingPaymentDto>(`/api/payments/booking/${id}`);

export const bookingPaymentQueryOptions = (id: number) =>
  queryOptions({ queryKey: paymentKeys.booking(id), queryFn: () => getBookingPayment(id) });

export const useBookingPayment = (id: number | null) =>
  useQuery({ ...bookingPaymentQueryOptions(id ?? 0), enabled: id !== null });
