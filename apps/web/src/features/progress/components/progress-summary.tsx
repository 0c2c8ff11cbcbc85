import type { SeminarProgressDto } from '@elearn/shared';
import { useTranslation } from 'react-i18next';
import { AppLink } from '@/components/app-link';
import { useLocale } from '@/hooks/use-locale';
import { formatDate, formatPercent } from '@/lib/format';
import { percentOf } from '../format';

/** A learner's progress in a seminar: bar, chapters and tests, completion and certificate link. */
export function ProgressSummary({
  progress,
  compact = false,
}: {
  progress: SeminarProgressDto;
  /** cards and the side menu: the bar and one line */
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const label = t('progress.summary.label', { percent: formatPercent(progress.percent, locale) });
  return (
    <div className="progress-summary" data-testid="progress-summary" data-percent={progress.percent}>
      <progress
        className="progress is-small is-success mb-1"
        value={progress.percent}
        max={100}
        aria-label={label}
      >
        {formatPercent(progress.percent, locale)}
      </progress>
      <p className="is-size-7">
        <span data-testid="progress-percent">{label}</span>
        {' · '}
        {t('progress.summary.chapters', { done: progress.chapters_done, total: progress.chapters_total })}
        {progress.tests_total > 0
          ? ` · ${t('progress.summary.tests', { passed: progress.tests_passed, total: progress.tests_total })}`
          : null}
      </p>
      {!compact && progress.video_coverage !== null ? (
        <p className="is-size-7 has-text-grey">
          {t('progress.summary.coverage', {
            percent: formatPercent(percentOf(progress.video_coverage), locale),
          })}
        </p>
      ) : null}
      {progress.completed_at ? (
        <p className="is-size-7 has-text-success-dark mt-1" data-testid="progress-completed">
          {t('progress.summary.completed', { date: formatDate(progress.completed_at, locale) })}
          {progress.certificate && !progress.certificate.revoked_at ? (
            <>
              {' · '}
              <AppLink to="/certificates" data-testid="progress-certificate-link">
                {t('progress.summary.certificate')}
              </AppLink>
            </>
          ) : null}
        </p>
      ) : null}
    </div>
  );
}
