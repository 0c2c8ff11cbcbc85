import type { BookingPaymentDto } from '@elearn/shared';
import { useTranslation } from 'react-i18next';
import { AppLink } from '@/components/app-link';
import { Table } from '@/components/ui/table';
import { PaymentStatusTag } from './payment-status-tag';
import { useMoney } from './use-money';

/** A booking's seminar, price and status, and its payment attempts (newest first). */
export function BookingSummary({ booking }: { booking: BookingPaymentDto }) {
  const { t } = useTranslation();
  const money = useMoney();
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
          <tr>
            <th scope="row">{t('payments.booking.created')}</th>
            <td>{money.dateTime(booking.created_at)}</td>
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
