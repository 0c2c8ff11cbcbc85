import type { DataExportDto, DeletionState } from '@elearn/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cancelUserDeletion } from './cancel-user-deletion';
import { exportUserData } from './export-user-data';
import { scheduleUserDeletion } from './schedule-user-deletion';

/** The admin's privacy actions on one person as one mutation: export, request or withdraw the erasure. */
export function useAdminPrivacyAction(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: 'export' | 'delete' | 'cancel'): Promise<DataExportDto | DeletionState> =>
      action === 'export'
        ? exportUserData(userId)
        : action === 'delete'
          ? scheduleUserDeletion(userId)
          : cancelUserDeletion(userId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}
