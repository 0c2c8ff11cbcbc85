import { useTranslation } from 'react-i18next';
import { QueryState } from '@/components/query-state';
import { EmptyState } from '@/components/ui/empty-state';
import { Notification } from '@/components/ui/notification';
import { Table } from '@/components/ui/table';
import { useLocale } from '@/hooks/use-locale';
import { formatDate } from '@/lib/format';
import { useSeminarBookings } from '../api/get-seminar-bookings';

/** Owners: who booked the seminar (`GET /api/seminars/users/booked`, the entry of this seminar). */
export function SeminarBookings({ seminarId }: { seminarId: number }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const query = useSeminarBookings(seminarId);
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
        {query.data ? <span className="tag is-light ml-2">{query.data.length}</span> : null}
      </h2>
      <QueryState query={query} loading={<p className="has-text-grey">{t('common.loading')}</p>}>
        {(users) =>
          users === null ? (
            <Notification variant="info" role="note">
              {t('seminar.bookings.notOwn')}
            </Notification>
          ) : users.length === 0 ? (
            <EmptyState title={t('seminar.bookings.empty')} testId="seminar-bookings-empty" />
          ) : (
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
              {users.map((user) => (
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
          )
        }
      </QueryState>
    </section>
  );
}
