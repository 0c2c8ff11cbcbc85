import type { SeminarDto } from '@elearn/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { seminarKeys } from './keys';

export type BookedUser = SeminarDto['users_booked_seminars'][number];

/**
 * `GET /api/seminars/users/booked`: the seminars the caller created, each with its booked users
 * (`users_booked_seminars`; trainer, admin).
 */
export const getSeminarBookings = () => api.get<SeminarDto[]>('/api/seminars/users/booked');

export const seminarBookingsQueryOptions = () =>
  queryOptions({ queryKey: seminarKeys.bookings(), queryFn: getSeminarBookings });

/**
 * The booked users of one seminar; `null` when the seminar is not among the caller's own (an admin
 * looking at another trainer's seminar).
 */
export const useSeminarBookings = (seminarId: number, enabled = true) =>
  useQuery({
    ...seminarBookingsQueryOptions(),
    enabled,
    select: (seminars): BookedUser[] | null =>
      seminars.find((seminar) => seminar.id === seminarId)?.users_booked_seminars ?? null,
  });
