import type { Paginated, StudentRow } from '@elearn/shared';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Pagination } from '@/components/ui/pagination';
import { Table } from '@/components/ui/table';
import { useLocale } from '@/hooks/use-locale';
import { formatDateTime, formatPercent } from '../format';
import { mcTestPaths } from '../tabs';
import { ReviewList } from './run-result';
import { ModeTag } from './test-facts';
import '../mc-tests.css';

/** The outcome of a run as a tag: running, passed or failed. */
export function OutcomeTag({ accomp }: { accomp: boolean | null }) {
  const { t } = useTranslation();
  if (accomp === null) return <span className="tag is-info is-light">{t('mcTest.status.running')}</span>;
  return accomp ? (
    <span className="tag is-success is-light">{t('mcTest.result.passed')}</span>
  ) : (
    <span className="tag is-danger is-light">{t('mcTest.result.failed')}</span>
  );
}

/** The student evaluation rows (spec section 3) of the caller, newest first. */
export function StudentHistory({ data }: { data: Paginated<StudentRow> }) {
  const { t } = useTranslation();
  const locale = useLocale();
  if (data.total === 0) {
    return (
      <EmptyState title={t('mcTest.history.empty')} testId="history-empty">
        <p className="mb-3">{t('mcTest.history.emptyText')}</p>
        <ButtonLink to={mcTestPaths.assigned} variant="primary">
          {t('mcTest.tabs.assigned')}
        </ButtonLink>
      </EmptyState>
    );
  }
  return (
    <>
      <Table
        labelledBy="history-title"
        testId="history-table"
        headers={[
          t('mcTest.history.test'),
          t('mcTest.facts.mode'),
          t('mcTest.history.started'),
          t('mcTest.history.stopped'),
          t('mcTest.history.achieved'),
          t('mcTest.facts.threshold'),
          t('mcTest.history.outcome'),
        ]}
      >
        {data.data.map((row) => (
          <tr
            key={row.id}
            data-testid="history-row"
            data-run-id={row.id}
            data-accomp={row.accomp === null ? 'open' : String(row.accomp)}
          >
            <td>
              <span className="has-text-weight-semibold">{row.label}</span>
              {row.result ? (
                <details className="mt-2" data-testid="history-review">
                  <summary>{t('mcTest.history.showQuestions')}</summary>
                  <ReviewList review={row.result} />
                </details>
              ) : null}
            </td>
            <td>
              <ModeTag mode={row.mode} />
            </td>
            <td>{formatDateTime(row.startDateTime, locale)}</td>
            <td>{formatDateTime(row.stopDateTime, locale)}</td>
            <td data-testid="history-percent">{formatPercent(row.achievedPercent, locale)}</td>
            <td>{formatPercent(row.percent, locale)}</td>
            <td>
              <OutcomeTag accomp={row.accomp} />
              {row.passed === 1 ? (
                <span className="tag is-success ml-1" data-testid="history-confirmed">
                  {t('mcTest.status.confirmed')}
                </span>
              ) : null}
            </td>
          </tr>
        ))}
      </Table>
      <Pagination current={data.current_page} last={data.last_page} />
    </>
  );
}
