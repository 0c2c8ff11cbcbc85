import { useTranslation } from 'react-i18next';
import { QueryState } from '@/components/query-state';
import { ButtonLink } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { useAssignedTests } from '@/features/mc-tests/api/get-assigned';
import { AssignedList } from '@/features/mc-tests/components/assigned-list';
import { mcTestPaths } from '@/features/mc-tests/tabs';
import { usePageTitle } from '@/hooks/use-page-title';

/** `/mcTest/assigned`: the tests of the caller's seminars, with status and runs. */
export default function AssignedTestsPage() {
  const { t } = useTranslation();
  usePageTitle(t('mcTest.assigned.title'));
  const query = useAssignedTests();
  const open = query.data?.filter((test) => test.can_start).length ?? 0;
  return (
    <>
      <div className="is-flex is-justify-content-space-between is-align-items-baseline is-flex-wrap-wrap mb-4">
        <h1 className="title is-3 mb-2">{t('mcTest.assigned.title')}</h1>
        {open > 0 ? (
          <ButtonLink to={mcTestPaths.open} variant="primary" outlined data-testid="assigned-open-link">
            {t('mcTest.assigned.openLink', { count: open })}
          </ButtonLink>
        ) : null}
      </div>
      <p className="subtitle is-6">{t('mcTest.assigned.intro')}</p>
      <QueryState query={query}>
        {(tests) => (
          <AssignedList
            tests={tests}
            empty={
              <EmptyState title={t('mcTest.assigned.empty')} testId="assigned-empty">
                <p className="mb-3">{t('mcTest.assigned.emptyText')}</p>
                <ButtonLink to="/seminar/booked" variant="primary">
                  {t('mcTest.assigned.toSeminars')}
                </ButtonLink>
              </EmptyState>
            }
          />
        )}
      </QueryState>
    </>
  );
}
