import type { AdminUserDto } from '@elearn/shared';
import { useQueryClient } from '@tanstack/react-query';
import { adminKeys, CURRENT_USER_KEY } from './keys';

/** After a change of a user: the lists, the detail, the audit trail (and oneself, if changed). */
export function useUserChanged() {
  const queryClient = useQueryClient();
  return (user: AdminUserDto | { id: number }, currentUserId: number | null) => {
    void queryClient.invalidateQueries({ queryKey: adminKeys.users() });
    void queryClient.invalidateQueries({ queryKey: adminKeys.audit() });
    void queryClient.invalidateQueries({ queryKey: adminKeys.companies() });
    if (user.id === currentUserId) void queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY });
  };
}
