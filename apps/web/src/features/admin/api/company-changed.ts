import { useQueryClient } from '@tanstack/react-query';
import { adminKeys } from './keys';

/** A company changed: every company view, the users (their companies) and the audit trail. */
export function useCompanyChanged() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: adminKeys.companies() });
    void queryClient.invalidateQueries({ queryKey: adminKeys.users() });
    void queryClient.invalidateQueries({ queryKey: adminKeys.audit() });
    // the company pages of the app (`/company/{name}`) read the same company
    void queryClient.invalidateQueries({ queryKey: ['companies'] });
  };
}
