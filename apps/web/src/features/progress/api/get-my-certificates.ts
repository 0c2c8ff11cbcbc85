import type { MyCertificateDto } from '@elearn/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { progressKeys } from './keys';

/** `GET /api/certificates`: the caller's certificates, newest first. */
export const getMyCertificates = () => api.get<MyCertificateDto[]>('/api/certificates');

export const myCertificatesQueryOptions = () =>
  queryOptions({
    queryKey: progressKeys.certificates,
    queryFn: getMyCertificates,
  });
export const useMyCertificates = () => useQuery(myCertificatesQueryOptions());
