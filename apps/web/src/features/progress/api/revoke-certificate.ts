import type { CertificateDto } from '@elearn/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { progressKeys } from './keys';

/** `POST /api/certificates/{code}/revoke {reason}` (owner at issue, admins) → the certificate. */
export const revokeCertificate = ({ code, reason }: { code: string; reason: string }) =>
  api.post<CertificateDto>(`/api/certificates/${encodeURIComponent(code)}/revoke`, { reason });

export function useRevokeCertificate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeCertificate,
    onSuccess: (cert) => {
      queryClient.setQueryData(progressKeys.certificate(cert.code), cert);
      void queryClient.invalidateQueries({ queryKey: progressKeys.all });
    },
  });
}
