import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { QueryState } from '@/components/query-state';
import { EmptyState } from '@/components/ui/empty-state';
import { SearchBox } from '@/components/ui/search-box';
import { useMcTests } from '@/features/mc-tests/api/get-mc-tests';
import { McTestForm } from '@/features/mc-tests/components/mc-test-form';
import { TestTable } from '@/features/mc-tests/components/test-table';
import { mcTestPaths } from '@/features/mc-tests/tabs';
import { useLocalizePath } from '@/hooks/use-locale';
import { usePageTitle } from '@/hooks/use-page-title';
import { isAdmin, useCurrentUser } from '@/lib/auth';

/** `/mcTest/own`: the caller's tests (admins: all tests), a new test, switches and links. */
export default function OwnTestsPage() {
  const { t } = useTranslation();
  usePageTitle(t('mcTest.own.title'));
  const navigate = useNavigate();
  const localize = useLocalizePath();
  const admin = isAdmin(useCurrentUser());
  const [params] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const q = params.get('q') ?? '';
  const query = useMcTests({ page, q });
  return (
    <>
      <h1 className="title is-3" id="own-tests-title">
        {admin ? t('mcTest.own.titleAdmin') : t('mcTest.own.title')}
      </h1>
      <details
        className="box"
        data-testid="mc-test-new"
        open={query.data?.total === 0 && !q ? true : undefined}
      >
        <summary className="has-text-weight-semibold">{t('mcTest.own.newTest')}</summary>
        <div className="mt-4">
          <McTestForm onSaved={(test) => navigate(localize(mcTestPaths.edit(test.id)))} />
        </div>
      </details>
      <SearchBox label={t('mcTest.own.search')} testId="mc-test-search" />
      <QueryState query={query}>
        {(data) => (
          <TestTable
            data={data}
            showOwner={admin}
            empty={
              <EmptyState title={q ? t('mcTest.own.noMatch') : t('mcTest.own.empty')} testId="mc-test-empty">
                {q ? null : <p>{t('mcTest.own.emptyText')}</p>}
              </EmptyState>
            }
          />
        )}
      </QueryState>
    </>
  );
}
