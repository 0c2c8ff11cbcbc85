import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '@/components/app-link';
import { QueryState } from '@/components/query-state';
import { Button, ButtonLink } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { downloadCertificate } from '@/features/progress/api/download-certificate';
import { useMyCertificates } from '@/features/progress/api/get-my-certificates';
import { CertificateFacts } from '@/features/progress/components/certificate-facts';
import { useLocale } from '@/hooks/use-locale';
import { usePageTitle } from '@/hooks/use-page-title';
import { notify } from '@/lib/notifications';

/** `/certificates` ("Meine Zertifikate"): the learner's certificates, to download and to verify. */
export default function MyCertificatesPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  usePageTitle(t('progress.mine.title'));
  const query = useMyCertificates();
  const [busy, setBusy] = useState<string | null>(null);
  return (
    <>
      <h1 className="title is-3">{t('progress.mine.title')}</h1>
      <p className="subtitle is-6">{t('progress.mine.intro')}</p>
      <QueryState query={query}>
        {(list) =>
          list.length === 0 ? (
            <EmptyState title={t('progress.mine.empty')} testId="certificates-empty">
              <ButtonLink to="/seminar/booked" variant="primary">
                {t('progress.mine.toSeminars')}
              </ButtonLink>
            </EmptyState>
          ) : (
            <ul className="certificate-list">
              {list.map((c) => (
                <li
                  key={c.code}
                  className="box"
                  data-testid="certificate-item"
                  data-code={c.code}
                  data-status={c.status}
                >
                  <h2 className="title is-5 mb-3">{c.seminar_title}</h2>
                  <CertificateFacts certificate={c} />
                  <div className="buttons mt-3">
                    {c.status === 'valid' ? (
                      <Button
                        variant="primary"
                        isLoading={busy === c.code}
                        onClick={async () => {
                          setBusy(c.code);
                          const ok = await downloadCertificate(
                            c.code,
                            `${locale === 'en' ? 'certificate' : 'zertifikat'}-${c.code}.pdf`,
                          );
                          setBusy(null);
                          if (!ok) notify('danger', t('progress.mine.downloadFailed'));
                        }}
                        data-testid="certificate-download"
                      >
                        {t('progress.mine.download')}
                      </Button>
                    ) : null}
                    <AppLink
                      to={`/certificate/${c.code}`}
                      className="button is-light"
                      data-testid="certificate-verify-link"
                    >
                      {t('progress.mine.verify')}
                    </AppLink>
                  </div>
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
    </>
  );
}
