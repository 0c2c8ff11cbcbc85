import type { ChangePasswordBody } from '@elearn/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** `POST /api/user/password {current_password, password, password_confirmation}` → `{message}`. */
export const changePassword = (body: ChangePasswordBody) =>
  api.post<{ message: string }>('/api/user/password', body);

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
