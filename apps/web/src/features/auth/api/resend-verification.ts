import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** `POST /api/email/verification-notification` with `{email}` (guests) or `{}` (logged in) → 202. */
export const resendVerification = (email?: string) =>
  api.post<{ message: string }>('/api/email/verification-notification', email ? { email } : {});

export const useResendVerification = () => useMutation({ mutationFn: resendVerification });
