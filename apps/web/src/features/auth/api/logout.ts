import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLocalizePath } from '@/hooks/use-locale';
import { api, forgetXsrfToken, isApiError } from '@/lib/api-client';
import { resetSessionCache } from '@/lib/auth';
import { notify } from '@/lib/notifications';

/** `POST /api/logout` (204). */
export const logout = () => api.post<void>('/api/logout');

/** Logs out, clears every cached query, shows a success toast and goes to the home page. */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const localize = useLocalizePath();
  const { t } = useTranslation();
  return useMutation({
    mutationFn: async () => {
      try {
        await logout();
      } catch (error) {
        // 401: the session was already gone, which is what we wanted
        if (!(isApiError(error) && error.status === 401)) throw error;
      }
    },
    onSuccess: async () => {
      await navigate(localize('/'));
      forgetXsrfToken();
      resetSessionCache(queryClient, null);
      notify('success', t('auth.logout.success'));
    },
    onError: (error) => notify('danger', error instanceof Error ? error.message : t('errors.unknown')),
  });
}
