import type { DataExportDto } from '@elearn/shared';
import { api } from '@/lib/api-client';

/** `POST /api/admin/users/{id}/export` → 202 an export of that person, for the admin who asked. */
export const exportUserData = (userId: number) =>
  api.post<DataExportDto>(`/api/admin/users/${userId}/export`);
