import type { LoginAnswer, LoginBody } from '@elearn/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { resetSessionCache } from '@/lib/auth';

/**
 * `POST /api/login` → the user and where they land (issue 36); the server rotates the session and
 * the XSRF cookie.
 */
export const login = (body: LoginBody) => api.post<LoginAnswer>('/api/login', body);

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    // whatever was cached belonged to the guest session
    onSuccess: ({ landing: _landing, ...user }) => resetSessionCache(queryClient, user),
  });
}
