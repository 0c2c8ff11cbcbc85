import type { DeleteAccountBody, DeletionState } from '@elearn/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** `POST /api/privacy/deletion {password}` → 202 with the day of the erasure; the session ends. */
export const deleteAccount = (body: DeleteAccountBody) =>
  api.post<DeletionState>('/api/privacy/deletion', body);

export const useDeleteAccount = () => useMutation({ mutationFn: deleteAccount });
