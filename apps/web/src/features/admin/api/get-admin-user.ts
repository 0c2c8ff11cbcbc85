import type { AdminUserDetailDto } from '@elearn/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from './keys';

/** `GET /api/admin/users/{id}`: the user with bookings, company assignments and test results. */
export const getAdminUser = (id: number) => api.get<AdminUserDetailDto>(`/api/admin/users/${id}`);

export const adminUserQueryOptions = (id: number) =>
  queryOptions({ queryKey: adminKeys.user(id), queryFn: () => getAdminUser(id) });

export const useAdminUser = (id: number) => useQuery(adminUserQueryOptions(id));
