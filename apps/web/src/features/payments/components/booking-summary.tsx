import type { BookingPaymentDto } from '@elearn/shared';
import { useTranslation } from 'react-i18next';
import { AppLink } from '@/components/app-link';
import { Table } from '@/components/ui/table';
import { PaymentStatusTag } from './payment-status-tag';
import { useMoney } from './use-money';

/** the statuses in which this booking holds the seminar */
const BOOKED = new Set<BookingPaymentDto['status']>(['free', 'paid', 'company']);

/**
 * The date the summary names (issue 32 item 4): a booking that holds the seminar was booked then;
 * one that does not (canceled, failed, expired, pending) was not booked at all, so it names its
 * latest payment attempt (the list is newest first), or when it was begun if nothing was paid yet.
 */
export function summaryDate(booking: BookingPaymentDto): {
  kind: 'booked' | 'attempted' | 'started';
  at: string;
} {
  if (BOOKED.has(booking.status)) return { kind: 'booked', at: booking.granted_at ?? booking.created_at };
  const latest = booking.payments[0];
  return latest ? { kind: 'attempted', at: latest.created_at } : { kind: 'started', at: booking.created_at };
}

/** A booking's seminar, price and status, and its payment attempts (newest first). */
export function BookingSummary({ booking }: { booking: BookingPaymentDto }) {
  const { t } = useTranslation();
  const money = useMoney();
  const date = summaryDate(booking);
  return (
    <div className="box" data-testid="booking-summary">
      <table className="table is-narrow mb-0" data-testid="booking-facts">
        <tbody>
          <tr>
            <th scope="row">{t('payments.booking.seminar')}</th>
            <td>
              <AppLink to={`/seminar/id/${booking.seminar.id}`} data-testid="booking-seminar">
                {booking.seminar.title}
              </AppLink>
            </td>
          </tr>
          <tr>
            <th scope="row">{t('payments.booking.price')}</th>
            <td data-testid="booking-price">{money.amount(booking.price, booking.currency)}</td>
          </tr>
          <tr>
            <th scope="row">{t('payments.booking.status')}</th>
            <td>
              <PaymentStatusTag status={booking.status} />
            </td>
          </tr>
          <tr data-testid="booking-date" data-kind={date.kind}>
            <th scope="row">{t(`payments.booking.date.${date.kind}`)}</th>
            <td>{money.dateTime(date.at)}</td>
          </tr>
        </tbody>
      </table>
      <h2 className="title is-6 mt-5" id="booking-attempts-title">
        {t('payments.booking.attempts')}
      </h2>
      {booking.payments.length === 0 ? (
        <p className="has-text-grey">{t('payments.booking.noAttempts')}</p>
      ) : (
        <Table
          headers={[t('payments.list.date'), t('payments.list.amount'), t('payments.list.status')]}
          labelledBy="booking-attempts-title"
          testId="booking-attempts"
        >
          {booking.payments.map((payment) => (
            <tr key={payment.id}>
              <td>{money.dateTime(payment.created_at)}</td>
              <td>{money.amount(payment.amount, payment.currency)}</td>
              <td>
                <PaymentStatusTag status={payment.status} />
              </td>
            </tr>
          ))}
        </Table>
      )}
    </div>
  );
}
