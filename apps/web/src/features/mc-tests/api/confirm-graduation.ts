import type { OwnerRow } from '@elearn/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { mcTestKeys } from './keys';

/** `PATCH /api/graduate/confirm {userGraduateId, passed}`: confirm (1) or undo (0) a graduation. */
export const confirmGraduation = ({ userGraduateId, passed }: { userGraduateId: number; passed: 0 | 1 }) =>
  api.patch<OwnerRow>('/api/graduate/confirm', { userGraduateId, passed });

export function useConfirmGraduation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmGraduation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mcTestKeys.all }),
  });
}
