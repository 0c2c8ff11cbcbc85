import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AppLink } from '@/components/app-link';
import { QueryState } from '@/components/query-state';
import { ButtonLink } from '@/components/ui/button';
import { Table } from '@/components/ui/table';
import { useAdminCompanies } from '../api/get-admin-companies';
import { useAdminPayments } from '../api/get-admin-payments';
import { useAdminSeminars } from '../api/get-admin-seminars';
import { useAdminUsers } from '../api/get-admin-users';
import { useAuditEntries } from '../api/get-audit-entries';
import { ADMIN_SECTIONS, type AdminSectionId } from '../sections';
import { AuditEntryRow } from './audit-list';
import { JobQueue } from './failed-jobs';
import '../admin.css';

/** entries of the audit trail on the overview */
const RECENT = 5;

function Count({ query }: { query: UseQueryResult<{ total: number }> }) {
  if (query.isPending) return <span className="has-text-grey">…</span>;
  if (query.isError) return <span className="has-text-grey">—</span>;
  return <>{query.data.total}</>;
}

/**
 * `/admin`: one card per section with its size, the latest changes of the audit trail, and the
 * job queue with its failed jobs.
 */
export function AdminOverview() {
  const { t } = useTranslation();
  const counts: Partial<Record<AdminSectionId, UseQueryResult<{ total: number }>>> = {
    users: useAdminUsers({ page: 1, per_page: 1 }),
    companies: useAdminCompanies({ page: 1, per_page: 1 }),
    seminars: useAdminSeminars({ page: 1, per_page: 1 }),
    payments: useAdminPayments({ page: 1, per_page: 1 }),
  };
  const recent = useAuditEntries({ page: 1, per_page: RECENT });

  return (
    <>
      <div className="columns is-multiline">
        {ADMIN_SECTIONS.filter((section) => section.id !== 'overview').map((section) => {
          const count = counts[section.id];
          return (
            <div className="column is-half-tablet is-one-third-widescreen" key={section.id}>
              <AppLink to={section.to} className="box admin-card" data-testid={`admin-card-${section.id}`}>
                <p className="title is-5 mb-2">{t(section.label)}</p>
                {count ? (
                  <p className="title is-3 mb-2" data-testid={`admin-count-${section.id}`}>
                    <Count query={count} />
                  </p>
                ) : null}
                <p className="has-text-grey">{t(section.text)}</p>
              </AppLink>
            </div>
          );
        })}
      </div>
      <section aria-labelledby="admin-recent-title">
        <h2 className="title is-5" id="admin-recent-title">
          {t('admin.overview.recent')}
        </h2>
        <QueryState query={recent}>
          {(result) =>
            result.total === 0 ? (
              <p className="has-text-grey">{t('admin.audit.empty')}</p>
            ) : (
              <>
                <Table
                  headers={[
                    t('admin.audit.when'),
                    t('admin.audit.actor'),
                    t('admin.audit.action'),
                    t('admin.audit.target'),
                    t('admin.audit.change'),
                  ]}
                  labelledBy="admin-recent-title"
                  testId="admin-recent"
                >
                  {result.data.map((entry) => (
                    <AuditEntryRow key={entry.id} entry={entry} />
                  ))}
                </Table>
                <ButtonLink to="/admin/audit" variant="light">
                  {t('admin.overview.allChanges')}
                </ButtonLink>
              </>
            )
          }
        </QueryState>
      </section>
      <JobQueue />
    </>
  );
}
