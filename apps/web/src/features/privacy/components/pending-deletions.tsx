import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AppLink } from '@/components/app-link';
import { QueryState } from '@/components/query-state';
import { EmptyState } from '@/components/ui/empty-state';
import { Pagination } from '@/components/ui/pagination';
import { Table } from '@/components/ui/table';
import { useLocale } from '@/hooks/use-locale';
import { usePendingDeletions } from '../api/get-pending-deletions';
import { formatMoment } from '../format';

const PER_PAGE = 20;

/** `/admin/deletions`: the accounts waiting for their erasure, the earliest first (paginated). */
export function PendingDeletions() {
  const { t } = useTranslation();
  const locale = useLocale();
  const [params] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const query = usePendingDeletions({ page, per_page: PER_PAGE });
  return (
    <QueryState query={query}>
      {(result) =>
        result.total === 0 ? (
          <EmptyState title={t('privacy.pending.empty')} testId="pending-deletions-empty">
            <p>{t('privacy.pending.emptyText')}</p>
          </EmptyState>
        ) : (
          <>
            <p className="mb-3 has-text-grey">{t('privacy.pending.total', { count: result.total })}</p>
            <Table
              headers={[
                t('privacy.pending.person'),
                t('privacy.pending.requested'),
                t('privacy.pending.by'),
                t('privacy.pending.due'),
              ]}
              labelledBy="admin-page-title"
              testId="pending-deletions"
            >
              {result.data.map((d) => {
                // as of when the list was loaded (the time travels with the server's page data,
                // so the browser's hydration marks the same rows as the server did)
                const overdue = new Date(d.due_at).getTime() < query.dataUpdatedAt;
                return (
                  <tr key={d.user_id} data-testid="pending-deletion" data-user-id={d.user_id}>
                    <td>
                      <AppLink to={`/admin/users/${d.user_id}`}>
                        {`${d.first_name} ${d.last_name}`.trim() || d.username}
                      </AppLink>
                      <br />
                      <span className="has-text-grey">{d.email}</span>
                    </td>
                    <td>{formatMoment(d.requested_at, locale)}</td>
                    <td>{d.self ? t('privacy.pending.self') : t('privacy.pending.admin')}</td>
                    <td>
                      {formatMoment(d.due_at, locale)}
                      {overdue ? (
                        <span
                          className="tag is-warning is-light ml-2"
                          title={t('privacy.pending.overdueHint')}
                        >
                          {t('privacy.pending.overdue')}
                        </span>
                      ) : null}
                    </td>
                  </tr>
                );
              })}
            </Table>
            <Pagination current={result.current_page} last={result.last_page} />
          </>
        )
      }
    </QueryState>
  );
}
