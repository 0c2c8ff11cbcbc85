import { useTranslation } from 'react-i18next';
import { AppLink } from '@/components/app-link';
import { QueryState } from '@/components/query-state';
import { EmptyState } from '@/components/ui/empty-state';
import { Table } from '@/components/ui/table';
import { useLocale } from '@/hooks/use-locale';
import { hasScope, useCurrentUser } from '@/lib/auth';
import { formatDate } from '@/lib/format';
import { useCompanyBookings } from '../api/get-company-bookings';
import { invoiceOfBooking, invoicePdfHref, useCompanyInvoices } from '../api/get-company-invoices';
import { companyPaths } from '../tabs';

function Bookings() {
  const { t } = useTranslation();
  const locale = useLocale();
  const query = useCompanyBookings();
  const invoices = useCompanyInvoices();
  return (
    <section className="mt-6" aria-labelledby="company-bookings-title" data-testid="company-bookings">
      <h2 className="title is-4" id="company-bookings-title">
        {t('company.bookings.title')}
      </h2>
      <QueryState query={query}>
        {(bookings) =>
          bookings.length === 0 ? (
            <EmptyState title={t('company.bookings.empty')} testId="company-bookings-empty">
              <p>{t('company.bookings.emptyText')}</p>
            </EmptyState>
          ) : (
            <Table
              headers={[
                t('company.links.seminar'),
                t('company.assign.company'),
                t('company.assign.bookedAt'),
                t('company.assign.assignedCount'),
                <span key="actions" className="is-sr-only">
                  {t('company.employees.actions')}
                </span>,
              ]}
              labelledBy="company-bookings-title"
              testId="company-bookings-table"
            >
              {bookings.map((booking) => (
                <tr key={booking.id} data-testid="company-booking-row" data-seminar-id={booking.seminar.id}>
                  <td>
                    <AppLink to={`/seminar/id/${booking.seminar.id}`}>{booking.seminar.title}</AppLink>
                  </td>
                  <td>
                    <AppLink to={companyPaths.booked(booking.company.shortName)}>
                      {booking.company.name}
                    </AppLink>
                  </td>
                  <td>{formatDate(booking.created_at, locale)}</td>
                  <td data-testid="company-booking-assigned">{booking.assigned_count}</td>
                  <td className="has-text-right">
                    {(() => {
                      const invoice = invoiceOfBooking(
                        invoices.data?.data,
                        booking.company.id,
                        booking.seminar.id,
                      );
                      return invoice ? (
                        <a
                          href={invoicePdfHref(invoice.id)}
                          download
                          className="button is-small is-link is-light mr-2"
                          data-testid="company-booking-invoice"
                        >
                          {t('company.bookings.invoice', { number: invoice.number })}
                        </a>
                      ) : null;
                    })()}
                    <AppLink
                      to={companyPaths.assign(booking.seminar.id)}
                      className="button is-small is-primary is-light"
                      data-testid="company-booking-row-assign"
                    >
                      {t('company.booking.assign')}
                    </AppLink>
                  </td>
                </tr>
              ))}
            </Table>
          )
        }
      </QueryState>
    </section>
  );
}

/**
 * On `/seminar/booked` for corporateTraining users: the seminars booked for the companies they
 * manage, with the number of assigned employees and the way to assign more.
 */
export function CompanyBookingsSection() {
  const user = useCurrentUser();
  if (!hasScope(user, 'corporateTraining')) return null;
  return <Bookings />;
}
