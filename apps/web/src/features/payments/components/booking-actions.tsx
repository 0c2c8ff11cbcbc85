import type { BookingPaymentDto } from '@elearn/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, ButtonLink } from '@/components/ui/button';
import { Notification } from '@/components/ui/notification';
import { useGoTo } from '@/hooks/use-go-to';
import { useBookNow } from '../api/book-now';

/**
 * What the owner of a booking can do next: start the seminar once it is granted, continue an
 * open checkout, or pay again after a failed, canceled or expired payment (`POST /api/booking/now`).
 */
export function BookingActions({ booking }: { booking: BookingPaymentDto }) {
  const { t } = useTranslation();
  const book = useBookNow();
  const goTo = useGoTo();
  const [error, setError] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  const { pay, play } = booking.abilities;
  return (
    <>
      {error ? (
        <Notification variant="danger" role="alert" onClose={() => setError(null)}>
          <span data-testid="pay-again-error">{error}</span>
        </Notification>
      ) : null}
      <div className="buttons">
        {play ? (
          <ButtonLink to={`/seminar/id/${booking.seminar.id}`} variant="primary" data-testid="payment-start">
            {t('payments.booking.start')}
          </ButtonLink>
        ) : null}
        {booking.checkout_url ? (
          <Button
            variant="primary"
            isLoading={leaving}
            onClick={() => {
              setLeaving(true);
              goTo(booking.checkout_url ?? '');
            }}
            data-testid="payment-continue"
          >
            {t('payments.booking.continue')}
          </Button>
        ) : null}
        {pay ? (
          <Button
            variant="primary"
            isLoading={book.isPending || leaving}
            data-testid="payment-pay-again"
            onClick={() => {
              setError(null);
              book.mutate(
                { seminarId: booking.seminar.id },
                {
                  onSuccess: ({ checkoutUrl }) => {
                    setLeaving(true);
                    goTo(checkoutUrl);
                  },
                  onError: (err) => setError(err.message),
                },
              );
            }}
          >
            {t('payments.booking.payAgain')}
          </Button>
        ) : null}
        <ButtonLink to="/payment/payment-confirmation" variant="light" data-testid="payment-to-list">
          {t('payments.list.title')}
        </ButtonLink>
      </div>
    </>
  );
}
