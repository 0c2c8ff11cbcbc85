import { api } from '@/lib/api-client';

/** `POST /api/admin/users/{id}/password-reset` → 202 `{message}` (the reset mail is on its way). */
export const startUserPasswordReset = (id: number) =>
  api.post<{ message: string }>(`/api/admin/users/${id}/password-reset`);
