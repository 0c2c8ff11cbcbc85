import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { AppLink } from '@/components/app-link';
import { ButtonLink } from '@/components/ui/button';
import { useMcTests } from '@/features/mc-tests/api/get-mc-tests';
import { useOwnerHistory } from '@/features/mc-tests/api/get-owner-history';
import { useQuestions } from '@/features/mc-tests/api/get-questions';
import { GraduatesTable } from '@/features/mc-tests/components/graduates-table';
import { mcTestPaths } from '@/features/mc-tests/tabs';
import { useLocalizePath } from '@/hooks/use-locale';
import { usePageTitle } from '@/hooks/use-page-title';
import { isOwnerRole, useCurrentUser } from '@/lib/auth';

/** A number with its label and a link (the overview's figures). */
function Figure({
  label,
  value,
  to,
  testId,
}: {
  label: string;
  value: number | undefined;
  to: string;
  testId: string;
}) {
  return (
    <div className="column">
      <AppLink to={to} className="box has-text-centered is-block" data-testid={testId}>
        <p className="title is-3 mb-1">{value ?? '…'}</p>
        <p className="is-size-7">{label}</p>
      </AppLink>
    </div>
  );
}

/** Owners' overview: the number of tests and questions, and the newest runs of their tests. */
function OwnerOverview() {
  const { t } = useTranslation();
  const tests = useMcTests({ page: 1, perPage: 1 });
  const questions = useQuestions({ page: 1, perPage: 1 });
  const runs = useOwnerHistory({ page: 1, perPage: 10 });
  return (
    <>
      <div className="is-flex is-justify-content-space-between is-align-items-baseline is-flex-wrap-wrap mb-4">
        <h1 className="title is-3 mb-2">{t('mcTest.index.title')}</h1>
        <div className="buttons">
          <ButtonLink to={mcTestPaths.own} variant="primary" data-testid="index-new-test">
            {t('mcTest.own.newTest')}
          </ButtonLink>
          <ButtonLink to={mcTestPaths.pool} variant="light">
            {t('mcTest.pool.newQuestion')}
          </ButtonLink>
        </div>
      </div>
      <p className="subtitle is-6">{t('mcTest.index.intro')}</p>
      <div className="columns">
        <Figure
          label={t('mcTest.index.tests')}
          value={tests.data?.total}
          to={mcTestPaths.own}
          testId="index-tests"
        />
        <Figure
          label={t('mcTest.index.questions')}
          value={questions.data?.total}
          to={mcTestPaths.pool}
          testId="index-questions"
        />
        <Figure
          label={t('mcTest.index.runs')}
          value={runs.data?.total}
          to={mcTestPaths.graduate()}
          testId="index-runs"
        />
      </div>
      <h2 className="title is-5" id="graduates-title">
        {t('mcTest.index.latestRuns')}
      </h2>
      {runs.isError ? (
        <p className="has-text-danger" role="alert">
          {runs.error.message}
        </p>
      ) : runs.data && runs.data.total === 0 ? (
        <p className="has-text-grey" data-testid="index-no-runs">
          {t('mcTest.graduates.empty')}
        </p>
      ) : runs.data ? (
        <>
          <GraduatesTable data={{ ...runs.data, last_page: 1 }} showTest />
          <AppLink to={mcTestPaths.graduate()}>{t('mcTest.index.allRuns')}</AppLink>
        </>
      ) : (
        <p role="status">{t('common.loading')}</p>
      )}
    </>
  );
}

/**
 * `/mcTest` (the navbar's Tests link): trainers and admins get the overview; everyone else is
 * sent on to the tests assigned to them (their first tab).
 */
export default function McTestIndexPage() {
  const { t } = useTranslation();
  const localize = useLocalizePath();
  const owner = isOwnerRole(useCurrentUser());
  usePageTitle(owner ? t('mcTest.index.title') : t('mcTest.assigned.title'));
  if (!owner) return <Navigate to={localize(mcTestPaths.assigned)} replace />;
  return <OwnerOverview />;
}
