import { useTranslation } from 'react-i18next';
import { AppLink } from '@/components/app-link';
import { QueryState } from '@/components/query-state';
import { ButtonLink } from '@/components/ui/button';
import { useSeminarProgress } from '../api/get-seminar-progress';
import { ProgressSummary } from './progress-summary';

/**
 * The seminar's completion screen after its last chapter (issue 36): the certificate when the
 * seminar is complete, else what is still missing (chapters not done, tests not passed).
 */
export function SeminarCompletion({ seminarId }: { seminarId: number }) {
  const { t } = useTranslation();
  const query = useSeminarProgress(seminarId);
  return (
    <section className="box" aria-labelledby="completion-title" data-testid="seminar-completion">
      <QueryState query={query}>
        {(p) => {
          const certificate = p.certificate && !p.certificate.revoked_at ? p.certificate : null;
          const chapters = p.chapters_total - p.chapters_done;
          const tests = p.tests_total - p.tests_passed;
          return (
            <>
              <h1 className="title is-4" id="completion-title">
                {p.completed_at ? t('progress.path.finishedComplete') : t('progress.path.finishedTitle')}
              </h1>
              <ProgressSummary progress={p} compact />
              {p.completed_at ? null : (
                <div className="content mt-3" data-testid="completion-missing">
                  <p>{t('progress.path.missing')}</p>
                  <ul>
                    {chapters > 0 ? <li>{t('progress.path.missingChapters', { count: chapters })}</li> : null}
                    {tests > 0 ? <li>{t('progress.path.missingTests', { count: tests })}</li> : null}
                  </ul>
                </div>
              )}
              <div className="buttons mt-4">
                {certificate ? (
                  <ButtonLink
                    to={`/certificate/${certificate.code}`}
                    variant="primary"
                    data-testid="completion-certificate"
                  >
                    {t('progress.path.certificate')}
                  </ButtonLink>
                ) : null}
                <AppLink to={`/seminar/id/${seminarId}`} className="button is-light">
                  {t('progress.path.toSeminar')}
                </AppLink>
                <AppLink to="/learn" className="button is-light">
                  {t('progress.path.toLearn')}
                </AppLink>
              </div>
            </>
          );
        }}
      </QueryState>
    </section>
  );
}
