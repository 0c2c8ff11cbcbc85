import type { SeminarDto } from '@elearn/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { seminarKeys } from './keys';

/** `GET /api/seminars/booked-student`: the seminars the caller booked. */
export const getBookedSeminars = () => api.get<SeminarDto[]>('/api/seminars/booked-student');

export const bookedSeminarsQueryOptions = () =>
  queryOptions({ queryKey: seminarKeys.booked(), queryFn: getBookedSeminars });

export const useBookedSeminars = () => useQuery(bookedSeminarsQueryOptions());
