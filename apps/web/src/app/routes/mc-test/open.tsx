import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AppLink } from '@/components/app-link';
import { QueryState } from '@/components/query-state';
import { EmptyState } from '@/components/ui/empty-state';
import { useAssignedTests } from '@/features/mc-tests/api/get-assigned';
import { AssignedList } from '@/features/mc-tests/components/assigned-list';
import { TestPlayer } from '@/features/mc-tests/components/test-player';
import { mcTestPaths } from '@/features/mc-tests/tabs';
import { usePageTitle } from '@/hooks/use-page-title';
import { idParam } from '@/lib/current-ids';

/**
 * `/mcTest/open`: the tests the caller can start now; `?test={id}` plays one (start or resume,
 * answer, submit, result). Owners use it as a preview of their own tests.
 */
export default function OpenTestsPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const testId = idParam(params.get('test') ?? undefined);
  usePageTitle(testId ? t('mcTest.player.title') : t('mcTest.open.title'));
  const query = useAssignedTests();

  if (testId !== null) {
    const info = query.data?.find((test) => test.id === testId) ?? null;
    if (query.isPending) return <QueryState query={query}>{() => null}</QueryState>;
    return (
      <>
        <p className="mb-3">
          <AppLink to={mcTestPaths.open}>{t('mcTest.open.back')}</AppLink>
        </p>
        <TestPlayer key={testId} testId={testId} info={info} />
      </>
    );
  }

  return (
    <>
      <h1 className="title is-3">{t('mcTest.open.title')}</h1>
      <p className="subtitle is-6">{t('mcTest.open.intro')}</p>
      <QueryState query={query}>
        {(tests) => (
          <AssignedList
            testId="open-list"
            tests={tests.filter((test) => test.can_start)}
            empty={
              <EmptyState title={t('mcTest.open.empty')} testId="open-empty">
                <p className="mb-2">{t('mcTest.open.emptyText')}</p>
                <AppLink to={mcTestPaths.assigned}>{t('mcTest.open.toAssigned')}</AppLink>
              </EmptyState>
            }
          />
        )}
      </QueryState>
    </>
  );
}
