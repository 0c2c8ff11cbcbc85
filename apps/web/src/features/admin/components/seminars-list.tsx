import type { AdminSeminarDto } from '@elearn/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AppLink } from '@/components/app-link';
import { QueryState } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Pagination } from '@/components/ui/pagination';
import { Table } from '@/components/ui/table';
import { useAdminSeminars } from '../api/get-admin-seminars';
import { activeFilterCount, readListQuery, SEMINAR_FILTERS } from '../filters';
import { personName, useAdminFormat } from '../format';
import { FilterForm } from './filter-form';
import { OwnerDialog } from './owner-dialog';

/** `/admin/seminars`: every seminar with owner, visibility, bookings and revenue; hand over. */
export function SeminarsList() {
  const { t } = useTranslation();
  const format = useAdminFormat();
  const [params, setParams] = useSearchParams();
  const query = readListQuery(SEMINAR_FILTERS, params);
  const seminars = useAdminSeminars(query);
  const [handing, setHanding] = useState<AdminSeminarDto | null>(null);
  const filtered = activeFilterCount(SEMINAR_FILTERS, params) > 0;

  const filterByOwner = (ownerId: number) => {
    const next = new URLSearchParams(params);
    next.set('owner_id', String(ownerId));
    next.delete('page');
    setParams(next);
  };

  return (
    <>
      <FilterForm
        spec={SEMINAR_FILTERS}
        testId="seminar-filters"
        fields={[{ name: 'q', kind: 'search', label: t('admin.seminars.search') }]}
      />
      {query.owner_id ? (
        <p className="mb-3" data-testid="seminar-owner-filter">
          {t('admin.seminars.ownerFilter', {
            name:
              seminars.data?.data.find((s) => s.owner.id === query.owner_id)?.owner.username ??
              `#${query.owner_id}`,
          })}
        </p>
      ) : null}
      <QueryState query={seminars}>
        {(result) =>
          result.total === 0 ? (
            <EmptyState
              title={filtered ? t('admin.seminars.noMatch') : t('admin.seminars.empty')}
              testId="seminars-empty"
            />
          ) : (
            <>
              <Table
                headers={[
                  t('admin.seminars.seminar'),
                  t('admin.seminars.owner'),
                  t('admin.seminars.visibility'),
                  t('admin.seminars.price'),
                  t('admin.seminars.bookings'),
                  t('admin.seminars.revenue'),
                  <span className="is-sr-only" key="actions">
                    {t('admin.members.actions')}
                  </span>,
                ]}
                labelledBy="admin-page-title"
                testId="admin-seminars-table"
              >
                {result.data.map((seminar) => (
                  <tr key={seminar.id} data-testid="admin-seminar-row" data-seminar-id={seminar.id}>
                    <td>
                      <AppLink to={`/seminar/id/${seminar.id}`}>{seminar.title}</AppLink>
                      <p className="is-size-7 has-text-grey">
                        {format.date(seminar.created_at)}
                        {seminar.company ? (
                          <>
                            {' · '}
                            <AppLink to={`/admin/companies/${seminar.company.id}`}>
                              {t('admin.seminars.companySeminar', { company: seminar.company.name })}
                            </AppLink>
                          </>
                        ) : null}
                      </p>
                    </td>
                    <td>
                      <AppLink to={`/admin/users/${seminar.owner.id}`} data-testid="admin-seminar-owner">
                        {personName(seminar.owner)}
                      </AppLink>
                      <br />
                      <button
                        type="button"
                        className="button is-text is-small p-0"
                        onClick={() => filterByOwner(seminar.owner.id)}
                      >
                        {t('admin.seminars.onlyThisOwner')}
                      </button>
                    </td>
                    <td>
                      <span
                        className={`tag is-light ${seminar.is_public ? 'is-success' : ''}`}
                        data-testid="admin-seminar-public"
                      >
                        {seminar.is_public ? t('admin.seminars.public') : t('admin.seminars.private')}
                      </span>
                    </td>
                    <td>{format.money(seminar.price, seminar.currency)}</td>
                    <td>
                      {seminar.bookings_count}
                      {seminar.company_bookings_count > 0 ? (
                        <p className="is-size-7 has-text-grey">
                          {t('admin.seminars.companyBookings', { count: seminar.company_bookings_count })}
                        </p>
                      ) : null}
                    </td>
                    <td>{format.sum(seminar.revenue, seminar.currency)}</td>
                    <td>
                      <Button
                        size="small"
                        onClick={() => setHanding(seminar)}
                        data-testid="admin-seminar-hand-over"
                      >
                        {t('admin.seminars.handOver')}
                      </Button>
                    </td>
                  </tr>
                ))}
              </Table>
              <Pagination current={result.current_page} last={result.last_page} />
            </>
          )
        }
      </QueryState>
      {handing ? <OwnerDialog seminar={handing} onClose={() => setHanding(null)} /> : null}
    </>
  );
}
