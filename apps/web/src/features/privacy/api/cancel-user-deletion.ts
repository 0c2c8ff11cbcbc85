import type { DeletionState } from '@elearn/shared';
import { api } from '@/lib/api-client';

/** `DELETE /api/admin/users/{id}/deletion` → the requested erasure withdrawn; 409 `privacy.not_pending`. */
export const cancelUserDeletion = (userId: number) =>
  api.delete<DeletionState>(`/api/admin/users/${userId}/deletion`);
