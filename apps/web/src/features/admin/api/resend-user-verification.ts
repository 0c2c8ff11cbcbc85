import { api } from '@/lib/api-client';

/** `POST /api/admin/users/{id}/verification` → 202 `{message}`; 409 `admin.already_verified`. */
export const resendUserVerification = (id: number) =>
  api.post<{ message: string }>(`/api/admin/users/${id}/verification`);
