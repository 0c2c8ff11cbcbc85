import type { SeminarDto } from '@elearn/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { seminarKeys } from './keys';

/** `GET /api/seminars/rise`: the public seminars most booked in the last 30 days (up to 12). */
export const getRiseSeminars = () => api.get<SeminarDto[]>('/api/seminars/rise');

export const riseSeminarsQueryOptions = () =>
  queryOptions({ queryKey: seminarKeys.rise(), queryFn: getRiseSeminars });

export const useRiseSeminars = () => useQuery(riseSeminarsQueryOptions());
