import type { EmployeeDto, EmployeePage } from '@elearn/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Pagination } from '@/components/ui/pagination';
import { Table } from '@/components/ui/table';
import { notify } from '@/lib/notifications';
import { useRemoveMember } from '../api/remove-member';
import { percentOf, personName } from '../format';
import '../companies.css';
import { useLocale } from '@/hooks/use-locale';
import { formatPercent } from '@/lib/format';

function EmployeeSeminars({ employee }: { employee: EmployeeDto }) {
  const { t } = useTranslation();
  const locale = useLocale();
  if (employee.seminars.length === 0) {
    return <span className="has-text-grey">{t('company.employees.noSeminars')}</span>;
  }
  return (
    <ul className="employee-seminars" data-testid="employee-seminars">
      {employee.seminars.map((entry) => {
        const percent = percentOf(entry.chapters_done, entry.chapters_total);
        return (
          <li key={entry.booking_id} data-testid="employee-seminar" data-seminar-id={entry.seminar.id}>
            <span className="has-text-weight-semibold">{entry.seminar.title}</span>
            <div className="employee-progress">
              <progress
                className="progress is-small is-primary"
                value={percent}
                max={100}
                aria-label={t('company.employees.progressOf', { title: entry.seminar.title })}
              >
                {formatPercent(percent, locale)}
              </progress>
              <span className="is-size-7" data-testid="employee-progress">
                {t('company.employees.chapters', { done: entry.chapters_done, total: entry.chapters_total })}
              </span>
            </div>
            {entry.tests.length > 0 ? (
              <div className="tags mt-1" data-testid="employee-tests">
                {entry.tests.map((test) => (
                  <span
                    key={test.mc_test_id}
                    className={['tag', test.accomp ? 'is-success' : 'is-warning', 'is-light'].join(' ')}
                    data-testid="employee-test"
                  >
                    {t('company.employees.test', {
                      label: test.label,
                      percent: formatPercent(Math.round(test.achievedPercent), locale),
                    })}{' '}
                    {test.accomp ? t('company.employees.testPassed') : t('company.employees.testFailed')}
                    {test.passed ? ` · ${t('company.employees.graduated')}` : ''}
                  </span>
                ))}
              </div>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

/**
 * A page of the company's employees with their seminars (chapter progress, best test results);
 * the manager removes one after a confirmation. The server searches (`q`) and pages (issue 39).
 */
export function EmployeeTable({
  companyId,
  result,
  currentUserId,
  q,
}: {
  companyId: number;
  result: EmployeePage;
  currentUserId: number | null;
  q: string;
}) {
  const { t } = useTranslation();
  const remove = useRemoveMember();
  const [removing, setRemoving] = useState<EmployeeDto | null>(null);
  const [error, setError] = useState<string | null>(null);

  if (result.data.length === 0 && result.total > 0) {
    return (
      <EmptyState title={t('company.links.pageEmpty')} testId="employees-page-empty">
        <Pagination current={result.current_page} last={result.last_page} />
      </EmptyState>
    );
  }
  if (result.data.length === 0) {
    return q ? (
      <EmptyState title={t('company.employees.noMatches', { q })} testId="employees-no-matches" />
    ) : (
      <EmptyState title={t('company.employees.empty')} testId="employees-empty" />
    );
  }
  const shown = result.data;

  const close = () => {
    setRemoving(null);
    setError(null);
  };
  const confirmRemove = () => {
    if (!removing) return;
    remove.mutate(
      { companyId, userId: removing.id },
      {
        onSuccess: () => {
          notify('success', t('company.employees.removed', { name: personName(removing) }));
          close();
        },
        onError: (err) => setError(err.message),
      },
    );
  };

  return (
    <>
      <p className="mb-3 has-text-grey" aria-live="polite" data-testid="employees-total">
        {t('company.employees.total', { count: result.total })}
      </p>
      <Table
        headers={[
          t('company.employees.name'),
          t('company.employees.email'),
          t('company.employees.seminars'),
          <span key="actions" className="is-sr-only">
            {t('company.employees.actions')}
          </span>,
        ]}
        labelledBy="employees-title"
        testId="employees-table"
        cards={{ top: [0, 2] }}
      >
        {shown.map((employee) => (
          <tr key={employee.id} data-testid="employee-row" data-user-id={employee.id}>
            <td>
              <span data-testid="employee-name">{personName(employee)}</span>
              <br />
              <span className="is-size-7 has-text-grey">{employee.username}</span>
              {employee.manager ? (
                <span className="tag is-info is-light ml-2">{t('company.employees.manager')}</span>
              ) : null}
            </td>
            <td>{employee.email}</td>
            <td>
              <EmployeeSeminars employee={employee} />
            </td>
            <td className="has-text-right">
              {employee.id !== currentUserId ? (
                <Button
                  size="small"
                  variant="danger"
                  outlined
                  onClick={() => setRemoving(employee)}
                  aria-label={t('company.employees.removeItem', { name: personName(employee) })}
                  data-testid="employee-remove"
                >
                  {t('company.employees.remove')}
                </Button>
              ) : null}
            </td>
          </tr>
        ))}
      </Table>
      <Pagination current={result.current_page} last={result.last_page} />
      <ConfirmDialog
        open={removing !== null}
        title={t('company.employees.removeTitle')}
        confirmLabel={t('company.employees.remove')}
        onConfirm={confirmRemove}
        onCancel={close}
        busy={remove.isPending}
        error={error}
      >
        <p>{removing ? t('company.employees.removeConfirm', { name: personName(removing) }) : null}</p>
      </ConfirmDialog>
    </>
  );
}
