import type { CertificateDto } from '@elearn/shared';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/hooks/use-locale';
import { formatDate, numberFormat } from '@/lib/format';

/** What a certificate says: the same facts on the PDF, the verification page and the learner's list. */
export function CertificateFacts({ certificate }: { certificate: CertificateDto }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const hours = certificate.hours;
  return (
    <dl className="certificate-facts" data-testid="certificate-facts">
      <dt>{t('progress.certificate.learner')}</dt>
      <dd data-testid="certificate-learner">{certificate.learner_name}</dd>
      <dt>{t('progress.certificate.seminar')}</dt>
      <dd data-testid="certificate-seminar">{certificate.seminar_title}</dd>
      <dt>{t('progress.certificate.trainer')}</dt>
      <dd>{certificate.trainer_name}</dd>
      <dt>{t('progress.certificate.completedAt')}</dt>
      <dd>{formatDate(certificate.completed_at, locale)}</dd>
      {hours !== null ? (
        <>
          <dt>{t('progress.certificate.hours')}</dt>
          <dd>
            {t('progress.certificate.hoursValue', {
              hours: numberFormat(locale === 'en' ? 'en-GB' : 'de-DE').format(hours),
            })}
          </dd>
        </>
      ) : null}
      <dt>{t('progress.certificate.code')}</dt>
      <dd>
        <code data-testid="certificate-code">{certificate.code}</code>
      </dd>
    </dl>
  );
}
