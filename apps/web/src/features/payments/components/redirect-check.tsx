import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { QueryState } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { Notification } from '@/components/ui/notification';
import { useLocalizePath } from '@/hooks/use-locale';
import { paymentKeys } from '../api/keys';
import { useBookingSync } from '../api/sync-booking';
import { BookingActions } from './booking-actions';

const ENDED = new Set(['failed', 'canceled', 'expired']);

/**
 * Back from the checkout: asks the server (which asks the provider) how the payment ended and
 * goes on to the completed or canceled page. While the payment is pending it waits and asks again.
 * Only the server's status counts, never anything in the URL.
 */
export function RedirectCheck({ bookingId }: { bookingId: number }) {
  const { t } = useTranslation();
  const { query, gaveUp } = useBookingSync(bookingId);
  const navigate = useNavigate();
  const localize = useLocalizePath();
  const queryClient = useQueryClient();
  const status = query.data?.status;

  useEffect(() => {
    if (status === 'paid' || status === 'free') {
      // what the user may play has changed
      for (const queryKey of [['seminars'], ['chapters'], ['todos'], paymentKeys.lists()]) {
        void queryClient.invalidateQueries({ queryKey });
      }
      void queryClient.invalidateQueries({ queryKey: paymentKeys.booking(bookingId), exact: true });
      void navigate(localize(`/payment/completed/${bookingId}`), { replace: true });
    } else if (status && ENDED.has(status)) {
      void queryClient.invalidateQueries({ queryKey: paymentKeys.booking(bookingId), exact: true });
      void navigate(localize(`/payment/canceled/${bookingId}`), { replace: true });
    }
  }, [status, bookingId, navigate, localize, queryClient]);

  return (
    <QueryState query={query} notFoundOn404>
      {(booking) => {
        if (booking.status !== 'pending') return null;
        return (
          <div className="box" data-testid="payment-waiting">
            {gaveUp ? (
              <Notification variant="info" role="status">
                <span data-testid="payment-slow">{t('payments.redirect.slow')}</span>
              </Notification>
            ) : (
              <div className="mb-4" role="status" aria-live="polite">
                <p className="mb-3">{t('payments.redirect.waiting', { title: booking.seminar.title })}</p>
                <progress
                  className="progress is-small is-primary"
                  aria-label={t('payments.redirect.title')}
                />
              </div>
            )}
            <BookingActions booking={booking} />
            {gaveUp ? (
              <Button onClick={() => void query.refetch()} data-testid="payment-check-again">
                {t('payments.redirect.checkAgain')}
              </Button>
            ) : null}
          </div>
        );
      }}
    </QueryState>
  );
}
