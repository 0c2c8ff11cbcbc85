import type { CertificateDto } from '@elearn/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { progressKeys } from './keys';

/** `GET /api/certificates/{code}` (public; failed look-ups are throttled per IP): one certificate. */
export const getCertificate = (code: string) =>
  api.get<CertificateDto>(`/api/certificates/${encodeURIComponent(code)}`);

export const certificateQueryOptions = (code: string) =>
  queryOptions({
    queryKey: progressKeys.certificate(code),
    queryFn: () => getCertificate(code),
    retry: false,
  });
export const useCertificate = (code: string) => useQuery(certificateQueryOptions(code));
