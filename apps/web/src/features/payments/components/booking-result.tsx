import type { BookingPaymentDto } from '@elearn/shared';
import { useTranslation } from 'react-i18next';
import { QueryState } from '@/components/query-state';
import { Notification } from '@/components/ui/notification';
import { useBookingPayment } from '../api/get-booking-payment';
import { BookingActions } from './booking-actions';
import { BookingSummary } from './booking-summary';

/** The headline of a booking's state, as the completed and canceled pages show it. */
function Outcome({ booking }: { booking: BookingPaymentDto }) {
  const { t } = useTranslation();
  if (booking.abilities.play) {
    return (
      <Notification variant="success" role="status">
        <p className="has-text-weight-bold" data-testid="payment-outcome" data-outcome="paid">
          {t('payments.completed.text', { title: booking.seminar.title })}
        </p>
        <p>{t('payments.completed.mail')}</p>
      </Notification>
    );
  }
  if (booking.status === 'pending') {
    return (
      <Notification variant="info" role="status">
        <span data-testid="payment-outcome" data-outcome="pending">
          {t('payments.canceled.pending')}
        </span>
      </Notification>
    );
  }
  return (
    <Notification variant="warning" role="status">
      <p className="has-text-weight-bold" data-testid="payment-outcome" data-outcome={booking.status}>
        {t(
          `payments.canceled.${booking.status === 'failed' || booking.status === 'expired' ? booking.status : 'canceled'}`,
        )}
      </p>
      <p>{t('payments.canceled.nothingCharged')}</p>
    </Notification>
  );
}

/**
 * A booking's result from the server (completed and canceled pages, booking page): the status is
 * always the server's, whatever page the browser came to.
 */
export function BookingResult({ bookingId, summary = true }: { bookingId: number; summary?: boolean }) {
  const query = useBookingPayment(bookingId);
  return (
    <QueryState query={query} notFoundOn404>
      {(booking) => (
        <>
          <Outcome booking={booking} />
          <BookingActions booking={booking} />
          {summary ? <BookingSummary booking={booking} /> : null}
        </>
      )}
    </QueryState>
  );
}
