import type { DeletionState } from '@elearn/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { privacyKeys } from './keys';

/** `GET /api/admin/users/{id}/deletion` (admins): the person's deletion state. */
export const getDeletionState = (userId: number) =>
  api.get<DeletionState>(`/api/admin/users/${userId}/deletion`);

export const useDeletionState = (userId: number) =>
  useQuery({
    queryKey: privacyKeys.deletion(userId),
    queryFn: () => getDeletionState(userId),
  });
