import type { CompanyAssignmentPage } from '@elearn/shared';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/empty-state';
import { Pagination } from '@/components/ui/pagination';
import { Table } from '@/components/ui/table';
import { useLocale } from '@/hooks/use-locale';
import { formatDate } from '@/lib/format';
import type { SeminarCompanyRow } from '../api/get-seminar-companies';
import { personName } from '../format';

/**
 * The seminar's company bookings and assigned employees, read-only, a page of the employees at a
 * time (`?page=`; issue 39): the seminar's owner sees who of which company got the seminar;
 * assigning is the company managers' task.
 */
export function AssignmentsOverview({
  companies,
  assignments,
}: {
  companies: SeminarCompanyRow[];
  assignments: CompanyAssignmentPage;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  if (companies.length === 0) {
    return <EmptyState title={t('company.assign.noCompanyBookings')} testId="assign-overview-empty" />;
  }
  return (
    <div data-testid="assign-overview">
      <Table
        headers={[
          t('company.assign.company'),
          t('company.assign.bookedAt'),
          t('company.assign.assignedCount'),
        ]}
        testId="assign-overview-companies"
      >
        {companies.map((row) => (
          <tr key={row.booking_id}>
            <td>{row.company.name}</td>
            <td>{formatDate(row.created_at, locale)}</td>
            <td>{row.assigned_count}</td>
          </tr>
        ))}
      </Table>
      {assignments.data.length > 0 ? (
        <>
          <Table
            headers={[
              t('company.employees.name'),
              t('company.employees.email'),
              t('company.assign.company'),
              t('company.assign.assignedAt'),
            ]}
            testId="assign-overview-users"
          >
            {assignments.data.map((row) => (
              <tr key={row.booking_id}>
                <td>{personName(row.user)}</td>
                <td>{row.user.email}</td>
                <td>{row.company.name}</td>
                <td>{formatDate(row.assigned_at, locale)}</td>
              </tr>
            ))}
          </Table>
          <Pagination current={assignments.current_page} last={assignments.last_page} />
        </>
      ) : (
        <p className="has-text-grey">{t('company.assign.noneAssigned')}</p>
      )}
    </div>
  );
}
