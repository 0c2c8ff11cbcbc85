import type { CertificateDto } from '@elearn/shared';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/hooks/use-locale';
import { formatDate, numberFormat } from '@/lib/format';
import '../certificates.css';

/**
 * What a certificate says, as a record (issue 32 item 13): its state first (valid, or revoked
 * with the date), then the same facts as on the PDF, labels beside their values (above them on a
 * phone). Used by the verification page and the learner's list.
 */
export function CertificateFacts({
  certificate,
  state = true,
}: {
  certificate: CertificateDto;
  /** false where the page states it above the record already (the verification page) */
  state?: boolean;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const hours = certificate.hours;
  const valid = certificate.status === 'valid';
  return (
    <dl className="certificate-facts" data-testid="certificate-facts">
      {state ? (
        <>
          <dt>{t('progress.certificate.status')}</dt>
          <dd>
            <span
              className={`certificate-state ${valid ? 'is-valid' : 'is-revoked'}`}
              data-testid="certificate-state"
              data-status={certificate.status}
            >
              <span aria-hidden="true">{valid ? '✓' : '✕'}</span>{' '}
              {valid
                ? t('progress.certificate.stateValid')
                : t('progress.certificate.stateRevoked', {
                    date: formatDate(certificate.revoked_at ?? '', locale),
                  })}
            </span>
          </dd>
        </>
      ) : null}
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
