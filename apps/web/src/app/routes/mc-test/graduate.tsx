import { useTranslation } from 'react-i18next';
import { type Params, useParams, useSearchParams } from 'react-router';
import { QueryState } from '@/components/query-state';
import { EmptyState } from '@/components/ui/empty-state';
import { SearchBox } from '@/components/ui/search-box';
import { useMcTest } from '@/features/mc-tests/api/get-mc-test';
import { useOwnerHistory } from '@/features/mc-tests/api/get-owner-history';
import { ExportButton } from '@/features/mc-tests/components/export-button';
import { GraduatesTable } from '@/features/mc-tests/components/graduates-table';
import { usePageTitle } from '@/hooks/use-page-title';
import { idParam } from '@/lib/current-ids';

/** The optional id must be a positive integer. */
export const check = (params: Params) => params.id === undefined || idParam(params.id) !== null;

/**
 * `/mcTest/graduate/{id?}`: the runs of one test (or of all the caller's tests) with their
 * results; the owner confirms graduations, grants exam runs and exports the results.
 */
export default function GraduatePage() {
  const { t } = useTranslation();
  const params = useParams();
  const testId = idParam(params.id);
  const [search] = useSearchParams();
  const page = Math.max(1, Number(search.get('page')) || 1);
  const q = search.get('q') ?? '';
  const test = useMcTest(testId);
  const history = useOwnerHistory({ page, q, testId });
  const title = testId === null ? t('mcTest.graduates.titleAll') : t('mcTest.graduates.title');
  usePageTitle(title);

  const body = (
    <>
      <SearchBox label={t('mcTest.graduates.search')} testId="graduates-search" />
      <QueryState query={history}>
        {(data) =>
          data.data.length === 0 ? (
            <EmptyState
              title={q ? t('mcTest.graduates.noMatch') : t('mcTest.graduates.empty')}
              testId="graduates-empty"
            >
              {q ? null : <p>{t('mcTest.graduates.emptyText')}</p>}
            </EmptyState>
          ) : (
            <GraduatesTable data={data} showTest={testId === null} />
          )
        }
      </QueryState>
    </>
  );

  if (testId === null) {
    return (
      <>
        <h1 className="title is-3" id="graduates-title">
          {title}
        </h1>
        <p className="subtitle is-6">{t('mcTest.graduates.introAll')}</p>
        {body}
      </>
    );
  }
  return (
    <QueryState query={test} notFoundOn404>
      {(data) => (
        <>
          <div className="is-flex is-justify-content-space-between is-align-items-baseline is-flex-wrap-wrap mb-2">
            <div>
              <p className="is-size-7 has-text-grey">{data.label}</p>
              <h1 className="title is-3" id="graduates-title">
                {title}
              </h1>
            </div>
            <ExportButton testId={data.id} label={data.label} />
          </div>
          <p className="subtitle is-6">{t('mcTest.graduates.intro')}</p>
          {body}
        </>
      )}
    </QueryState>
  );
}
