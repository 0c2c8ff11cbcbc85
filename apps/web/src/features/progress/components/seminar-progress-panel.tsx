import { useTranslation } from 'react-i18next';
import { useSeminarProgress } from '../api/get-seminar-progress';
import { ProgressSummary } from './progress-summary';

/** The learner's progress on the seminar page (booked seminars only). */
export function SeminarProgressPanel({ seminarId }: { seminarId: number }) {
  const { t } = useTranslation();
  const query = useSeminarProgress(seminarId);
  if (!query.data) return null;
  return (
    <section className="box mt-5" aria-labelledby="seminar-progress-title" data-testid="seminar-progress">
      <h2 className="title is-5" id="seminar-progress-title">
        {t('progress.summary.title')}
      </h2>
      <ProgressSummary progress={query.data} />
    </section>
  );
}
