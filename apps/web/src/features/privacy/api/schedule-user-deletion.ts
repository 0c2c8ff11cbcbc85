import type { DeletionState } from '@elearn/shared';
import { api } from '@/lib/api-client';

/** `POST /api/admin/users/{id}/deletion` → 202: the person's erasure is requested (409 for oneself). */
export const scheduleUserDeletion = (userId: number) =>
  api.post<DeletionState>(`/api/admin/users/${userId}/deletion`);
