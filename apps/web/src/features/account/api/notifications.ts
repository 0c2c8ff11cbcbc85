import type { NotificationKind, NotificationPrefs } from '@elearn/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const notificationKeys = {
  prefs: ['me', 'notifications'] as const,
  unsubscribe: (token: string) => ['unsubscribe', token] as const,
};

/** `GET /api/me/notifications`: which reminder mails the caller receives (issue 36 item 6). */
export const getNotificationPrefs = () => api.get<NotificationPrefs>('/api/me/notifications');

/** `PUT /api/me/notifications` with all three switches → the saved choice. */
export const saveNotificationPrefs = (prefs: NotificationPrefs) =>
  api.put<NotificationPrefs>('/api/me/notifications', prefs);

export const useNotificationPrefs = () =>
  useQuery({ queryKey: notificationKeys.prefs, queryFn: getNotificationPrefs });

export function useSaveNotificationPrefs() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveNotificationPrefs,
    onSuccess: (saved) => client.setQueryData(notificationKeys.prefs, saved),
  });
}

/** `GET /api/unsubscribe?token=`: what a mail's link stands for; it turns nothing off. */
export const getUnsubscribe = (token: string) =>
  api.get<{ kind: NotificationKind; locale: string }>('/api/unsubscribe', { query: { token } });

/** `POST /api/unsubscribe?token=`: turns the kind off → the server's confirmation. */
export const postUnsubscribe = (token: string) =>
  api.post<{ kind: NotificationKind; message: string }>('/api/unsubscribe', undefined, { query: { token } });

export const useUnsubscribeInfo = (token: string) =>
  useQuery({
    queryKey: notificationKeys.unsubscribe(token),
    queryFn: () => getUnsubscribe(token),
    enabled: token !== '',
    retry: false,
  });

export function useUnsubscribe() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: postUnsubscribe,
    onSuccess: () => client.invalidateQueries({ queryKey: notificationKeys.prefs }),
  });
}
