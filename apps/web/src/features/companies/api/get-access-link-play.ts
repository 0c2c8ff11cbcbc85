import type { AccessLinkPlay } from '@elearn/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { companyKeys } from './keys';

/**
 * `GET /api/companies/access-link/{token}` (no login): the seminar and its chapters; 404
 * `access_link.invalid`, 410 `access_link.expired` / `access_link.revoked`, 429 when throttled.
 */
export const getAccessLinkPlay = (token: string) =>
  api.get<AccessLinkPlay>(`/api/companies/access-link/${encodeURIComponent(token)}`, {
    ignoreUnauthorized: true,
  });

export const accessLinkPlayQueryOptions = (token: string) =>
  queryOptions({
    queryKey: companyKeys.accessLinkPlay(token),
    queryFn: () => getAccessLinkPlay(token),
    // a failed look-up counts against the holder's throttle: don't repeat it on its own
    retry: false,
    refetchOnWindowFocus: false,
  });

export const useAccessLinkPlay = (token: string | null) =>
  useQuery({ ...accessLinkPlayQueryOptions(token ?? ''), enabled: !!token });
