import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { QueryState } from '@/components/query-state';
import { Field } from '@/components/ui/field';
import { useMcTestReport } from '@/features/mc-tests/api/get-mc-test-report';
import { useMcTests } from '@/features/mc-tests/api/get-mc-tests';
import { TestReport } from '@/features/mc-tests/components/test-report';
import { usePageTitle } from '@/hooks/use-page-title';
import { idParam } from '@/lib/current-ids';

/** The test picker of the report page (`?test=` in the URL). */
function TestPicker({ current }: { current: number | null }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tests = useMcTests({ page: 1, perPage: 100 });
  return (
    <Field label={t('mcTest.testReports.pick')} id="test-report-pick">
      <div className="select">
        <select
          id="test-report-pick"
          value={current ?? ''}
          onChange={(event) => {
            const next = new URLSearchParams(params);
            if (event.target.value) next.set('test', event.target.value);
            else next.delete('test');
            setParams(next);
          }}
          data-testid="test-report-pick"
        >
          <option value="">{tests.data ? t('mcTest.testReports.choose') : t('common.loading')}</option>
          {tests.data?.data.map((test) => (
            <option key={test.id} value={test.id}>
              {test.label}
            </option>
          ))}
        </select>
      </div>
    </Field>
  );
}

/** `/mcTest/TestReports?test={id}`: one test's report (chart, per-question rates, export). */
export default function TestReportsPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const testId = idParam(params.get('test') ?? undefined);
  const query = useMcTestReport(testId);
  usePageTitle(
    query.data
      ? t('mcTest.report.titleOf', { label: query.data.mc_test.label })
      : t('mcTest.testReports.title'),
  );
  return (
    <>
      {testId === null ? <h1 className="title is-3">{t('mcTest.testReports.title')}</h1> : null}
      <TestPicker current={testId} />
      {testId === null ? (
        <p className="has-text-grey" data-testid="test-report-none">
          {t('mcTest.testReports.intro')}
        </p>
      ) : (
        <QueryState query={query} notFoundOn404>
          {(report) => <TestReport report={report} />}
        </QueryState>
      )}
    </>
  );
}
