import type { SeminarDto } from '@elearn/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { seminarKeys } from './keys';

/** `GET /api/seminars/owned`: the seminars the caller created, newest first (trainer, admin). */
export const getOwnedSeminars = () => api.get<SeminarDto[]>('/api/seminars/owned');

export const ownedSeminarsQueryOptions = () =>
  queryOptions({ queryKey: seminarKeys.owned(), queryFn: getOwnedSeminars });

export const useOwnedSeminars = () => useQuery(ownedSeminarsQueryOptions());
