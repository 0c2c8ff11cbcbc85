import type { AdminUserDto, Paginated } from '@elearn/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ListQuery, USER_FILTERS } from '../filters';
import { adminKeys } from './keys';

export type AdminUserQuery = ListQuery<typeof USER_FILTERS> & { per_page?: number };

/** `GET /api/admin/users?q=&scope=&company_id=&status=&page=`: a paginator of users. */
export const getAdminUsers = (query: AdminUserQuery) =>
  api.get<Paginated<AdminUserDto>>('/api/admin/users', { query });

export const adminUsersQueryOptions = (query: AdminUserQuery) =>
  queryOptions({
    queryKey: adminKeys.userList(query),
    queryFn: () => getAdminUsers(query),
    placeholderData: keepPreviousData,
  });

export const useAdminUsers = (query: AdminUserQuery, enabled = true) =>
  useQuery({ ...adminUsersQueryOptions(query), enabled });
