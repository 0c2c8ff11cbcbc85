import type { ResetPasswordBody } from '@elearn/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** `POST /api/reset-password {token, email, password, password_confirmation}` → 200 `{message}`. */
export const resetPassword = (body: ResetPasswordBody) =>
  api.post<{ message: string }>('/api/reset-password', body);

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
