import type { SeminarBookingsPage, SeminarDto } from '@elearn/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { seminarKeys } from './keys';

export type BookedUser = SeminarDto['users_booked_seminars'][number];

/** the page and search of the address (a type, not an interface: it is a query string's record) */
export type SeminarBookingsQuery = { page: number; q?: string };

/**
 * `GET /api/seminars/{id}/bookings?page=&q=`: a page of the people who booked the seminar
 * themselves, newest first (owner, admin).
 */
export const getSeminarBookings = (seminarId: number, query: SeminarBookingsQuery) =>
  api.get<SeminarBookingsPage>(`/api/seminars/${seminarId}/bookings`, { query });

export const seminarBookingsQueryOptions = (seminarId: number, query: SeminarBookingsQuery) =>
  queryOptions({
    queryKey: seminarKeys.bookings(seminarId, query),
    queryFn: () => getSeminarBookings(seminarId, query),
    placeholderData: keepPreviousData,
  });

export const useSeminarBookings = (seminarId: number, query: SeminarBookingsQuery) =>
  useQuery(seminarBookingsQueryOptions(seminarId, query));
