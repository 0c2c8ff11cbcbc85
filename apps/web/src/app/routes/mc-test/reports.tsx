import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { QueryState } from '@/components/query-state';
import { EmptyState } from '@/components/ui/empty-state';
import { Pagination } from '@/components/ui/pagination';
import { SearchBox } from '@/components/ui/search-box';
import { Table } from '@/components/ui/table';
import { useMcTests } from '@/features/mc-tests/api/get-mc-tests';
import { ReportRow } from '@/features/mc-tests/components/report-card';
import { usePageTitle } from '@/hooks/use-page-title';

const PER_PAGE = 10;

/** `/mcTest/reports`: per test the runs, pass rate and average; a test's details on TestReports. */
export default function ReportsPage() {
  const { t } = useTranslation();
  usePageTitle(t('mcTest.reports.title'));
  const [params] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const q = params.get('q') ?? '';
  const query = useMcTests({ page, q, perPage: PER_PAGE });
  return (
    <>
      <h1 className="title is-3" id="reports-title">
        {t('mcTest.reports.title')}
      </h1>
      <p className="subtitle is-6">{t('mcTest.reports.intro')}</p>
      <SearchBox label={t('mcTest.own.search')} testId="reports-search" />
      <QueryState query={query}>
        {(data) =>
          data.data.length === 0 ? (
            <EmptyState title={q ? t('mcTest.own.noMatch') : t('mcTest.own.empty')} testId="reports-empty" />
          ) : (
            <>
              <Table
                labelledBy="reports-title"
                testId="reports-table"
                headers={[
                  t('mcTest.form.label'),
                  t('mcTest.facts.mode'),
                  t('mcTest.facts.threshold'),
                  t('mcTest.report.runs'),
                  t('mcTest.report.passRate'),
                  t('mcTest.report.average'),
                  t('mcTest.side.graduates'),
                ]}
              >
                {data.data.map((test) => (
                  <ReportRow key={test.id} test={test} />
                ))}
              </Table>
              <Pagination current={data.current_page} last={data.last_page} />
            </>
          )
        }
      </QueryState>
    </>
  );
}
