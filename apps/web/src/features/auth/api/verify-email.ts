import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface VerifyEmailResult {
  message: string;
  verified: true;
}

/**
 * `GET /api/email/verify/{id}/{hash}?expires=…&signature=…`; the query string of the mail link
 * is passed on verbatim because the signature covers it.
 */
export const verifyEmail = (id: string, hash: string, search: string) =>
  api.get<VerifyEmailResult>(`/api/email/verify/${encodeURIComponent(id)}/${encodeURIComponent(hash)}`, {
    query: search,
  });

export const verifyEmailQueryOptions = (id: string, hash: string, search: string) =>
  queryOptions({
    queryKey: ['auth', 'verify-email', id, hash, search],
    queryFn: () => verifyEmail(id, hash, search),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });

export const useVerifyEmail = (id: string, hash: string, search: string) =>
  useQuery(verifyEmailQueryOptions(id, hash, search));
