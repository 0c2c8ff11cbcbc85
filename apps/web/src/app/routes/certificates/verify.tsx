import { CERTIFICATE_CODE_RE } from '@elearn/shared';
import type { QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type Params, useParams } from 'react-router';
import { PageLoader } from '@/components/layout/page-loader';
import { QueryError } from '@/components/query-state';
import { Notification } from '@/components/ui/notification';
import { certificateQueryOptions, useCertificate } from '@/features/progress/api/get-certificate';
import { CertificateFacts } from '@/features/progress/components/certificate-facts';
import { useLocale } from '@/hooks/use-locale';
import { usePageTitle } from '@/hooks/use-page-title';
import { isApiError } from '@/lib/api-client';
import { formatDate } from '@/lib/format';

export const check = (params: Params) => CERTIFICATE_CODE_RE.test(params.code ?? '');

/**
 * The certificate before the first render: whoever scans the QR code gets its facts from the
 * server's page (issue 34). An unknown code is no missing page but the page's own answer, so a
 * failed look-up is not thrown (the page shows "unknown" once the browser has asked).
 */
export async function prefetch(queryClient: QueryClient, params: Params): Promise<void> {
  if (check(params)) await queryClient.prefetchQuery(certificateQueryOptions(params.code ?? ''));
}

/**
 * `/certificate/{code}` (public, the QR code's address): whether the certificate is valid or
 * revoked, with the facts it states and nothing more.
 */
export default function VerifyCertificatePage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const code = useParams().code ?? '';
  usePageTitle(t('progress.verify.title'));
  const query = useCertificate(code);
  return (
    <>
      <h1 className="title is-3">{t('progress.verify.title')}</h1>
      {query.isPending ? (
        <PageLoader />
      ) : query.error ? (
        isApiError(query.error) && query.error.status === 404 ? (
          <Notification variant="danger" role="alert">
            <span data-testid="certificate-unknown">{t('progress.verify.unknown')}</span>
          </Notification>
        ) : (
          <QueryError error={query.error} onRetry={() => query.refetch()} />
        )
      ) : query.data ? (
        <div className="box" data-testid="certificate-verify" data-status={query.data.status}>
          {query.data.status === 'valid' ? (
            <Notification variant="success" role="status">
              <span aria-hidden="true" className="mr-2">
                ✓
              </span>
              <strong data-testid="certificate-verify-status">{t('progress.verify.valid')}</strong>
            </Notification>
          ) : (
            <Notification variant="danger" role="status">
              <span aria-hidden="true" className="mr-2">
                ✕
              </span>
              <strong data-testid="certificate-verify-status">
                {t('progress.verify.revoked', { date: formatDate(query.data.revoked_at ?? '', locale) })}
              </strong>
            </Notification>
          )}
          <CertificateFacts certificate={query.data} state={false} />
        </div>
      ) : null}
    </>
  );
}
