import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { QueryState } from '@/components/query-state';
import { EmptyState } from '@/components/ui/empty-state';
import { Pagination } from '@/components/ui/pagination';
import { SearchBox } from '@/components/ui/search-box';
import { Table } from '@/components/ui/table';
import { useLocale } from '@/hooks/use-locale';
import { formatDate } from '@/lib/format';
import { useSeminarBookings } from '../api/get-seminar-bookings';

/** the page of the address (`?page=`), 1 when missing or not a page number */
function pageOf(params: URLSearchParams): number {
  const raw = params.get('page');
  return raw && /^\d{1,6}$/.test(raw) ? Math.max(1, Number(raw)) : 1;
}

/**
 * Owners and admins: who booked the seminar themselves, newest first, a page at a time with a
 * search in name and e-mail (`GET /api/seminars/{id}/bookings`; page and search in the address).
 */
export function SeminarBookings({ seminarId }: { seminarId: number }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [params] = useSearchParams();
  const q = params.get('q')?.trim().slice(0, 100) || undefined;
  const query = useSeminarBookings(seminarId, { page: pageOf(params), ...(q ? { q } : {}) });
  const status = (value: string) =>
    value === 'free'
      ? t('seminar.bookings.statusFree')
      : value === 'paid'
        ? t('seminar.bookings.statusPaid')
        : value;
  return (
    <section className="mt-6" aria-labelledby="seminar-bookings-title" data-testid="seminar-bookings">
      <h2 className="title is-5" id="seminar-bookings-title">
        {t('seminar.bookings.title')}
        {query.data ? <span className="tag is-light ml-2">{query.data.total}</span> : null}
      </h2>
      {q || (query.data?.total ?? 0) > 0 ? (
        <SearchBox label={t('seminar.bookings.search')} testId="seminar-bookings-search" />
      ) : null}
      <QueryState query={query} loading={<p className="has-text-grey">{t('common.loading')}</p>}>
        {(page) =>
          page.data.length === 0 ? (
            <EmptyState
              title={q ? t('seminar.bookings.noMatch') : t('seminar.bookings.empty')}
              testId="seminar-bookings-empty"
            />
          ) : (
            <>
              <Table
                labelledBy="seminar-bookings-title"
                cards={{ top: [0, 3] }}
                headers={[
                  t('seminar.bookings.name'),
                  t('seminar.bookings.email'),
                  t('seminar.bookings.bookedAt'),
                  t('seminar.bookings.status'),
                ]}
              >
                {page.data.map((user) => (
                  <tr key={user.id} data-testid="seminar-booking-row" data-user-id={user.id}>
                    <td>{`${user.first_name} ${user.last_name}`.trim()}</td>
                    <td>
                      <a href={`mailto:${user.email}`}>{user.email}</a>
                    </td>
                    <td>
                      <time dateTime={user.booked_at}>{formatDate(user.booked_at, locale)}</time>
                    </td>
                    <td>{status(user.status)}</td>
                  </tr>
                ))}
              </Table>
              <Pagination current={page.current_page} last={page.last_page} />
            </>
          )
        }
      </QueryState>
    </section>
  );
}
