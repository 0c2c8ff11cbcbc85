import type { AuditEntryDto, Paginated } from '@elearn/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { AUDIT_FILTERS, ListQuery } from '../filters';
import { adminKeys } from './keys';

export type AuditQuery = ListQuery<typeof AUDIT_FILTERS> & { per_page?: number };

/** `GET /api/admin/audit?action=&actor_id=&target_type=&from=&to=&page=`: newest first. */
export const getAuditEntries = (query: AuditQuery) =>
  api.get<Paginated<AuditEntryDto>>('/api/admin/audit', { query });

export const auditQueryOptions = (query: AuditQuery) =>
  queryOptions({
    queryKey: adminKeys.auditList(query),
    queryFn: () => getAuditEntries(query),
    placeholderData: keepPreviousData,
  });

export const useAuditEntries = (query: AuditQuery) => useQuery(auditQueryOptions(query));
