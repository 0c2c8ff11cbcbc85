import type { McTestListItem } from '@elearn/shared';
import { useTranslation } from 'react-i18next';
import { AppLink } from '@/components/app-link';
import { useLocale } from '@/hooks/use-locale';
import { useMcTestReport } from '../api/get-mc-test-report';
import { formatPercent } from '../format';
import { mcTestPaths } from '../tabs';
import { ModeTag } from './test-facts';
import '../mc-tests.css';

/** One row of `/mcTest/reports`: a test with its runs, pass rate and average (its report). */
export function ReportRow({ test }: { test: McTestListItem }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const report = useMcTestReport(test.id);
  const data = report.data;
  const cell = (value: string | undefined) =>
    report.isError ? <span className="has-text-danger">!</span> : (value ?? '…');
  return (
    <tr data-testid="reports-row" data-test-id={test.id}>
      <td>
        <AppLink
          to={mcTestPaths.testReports(test.id)}
          className="has-text-weight-semibold"
          data-testid="reports-link"
        >
          {test.label}
        </AppLink>
      </td>
      <td>
        <ModeTag mode={test.mode} />
      </td>
      <td>{formatPercent(test.percent_to_accomplish, locale)}</td>
      <td data-testid="reports-runs">{cell(data ? String(data.runs) : undefined)}</td>
      <td data-testid="reports-pass-rate">
        {cell(data ? (data.finished ? formatPercent(data.pass_rate, locale) : '–') : undefined)}
      </td>
      <td>{cell(data ? formatPercent(data.average_percent, locale) : undefined)}</td>
      <td>
        <AppLink to={mcTestPaths.graduate(test.id)}>{t('mcTest.side.graduates')}</AppLink>
      </td>
    </tr>
  );
}
