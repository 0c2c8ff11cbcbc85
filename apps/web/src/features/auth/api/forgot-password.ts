import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** `POST /api/forgot-password {email}` → 200 `{message}` (the same answer for every address). */
export const forgotPassword = (body: { email: string }) =>
  api.post<{ message: string }>('/api/forgot-password', body);

export const useForgotPassword = () => useMutation({ mutationFn: forgotPassword });
