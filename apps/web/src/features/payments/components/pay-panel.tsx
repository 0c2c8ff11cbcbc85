import type { SeminarDto } from '@elearn/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Notification } from '@/components/ui/notification';
import { useGoTo } from '@/hooks/use-go-to';
import { isApiError } from '@/lib/api-client';
import { useBookNow } from '../api/book-now';
import { useMoney } from './use-money';

/**
 * The booking step of a priced seminar: `POST /api/booking/now` and on to the provider's checkout
 * (or the built-in test checkout). Price and currency are the server's.
 */
export function PayPanel({ seminar }: { seminar: SeminarDto }) {
  const { t } = useTranslation();
  const money = useMoney();
  const book = useBookNow();
  const goTo = useGoTo();
  const [error, setError] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);

  if (!seminar.abilities.book) {
    return (
      <Notification variant="warning" role="status">
        <span data-testid="pay-not-bookable">{t('payments.pay.notBookable')}</span>
      </Notification>
    );
  }
  return (
    <div className="box" data-testid="pay-panel">
      <p className="title is-4" data-testid="pay-price">
        {money.amount(seminar.price, seminar.currency)}
      </p>
      <p className="mb-4">{t('payments.pay.text')}</p>
      {error ? (
        <Notification variant="danger" role="alert" onClose={() => setError(null)}>
          <span data-testid="pay-error">{error}</span>
        </Notification>
      ) : null}
      <Button
        variant="primary"
        fullWidth
        isLoading={book.isPending || leaving}
        data-testid="pay-submit"
        onClick={() => {
          setError(null);
          book.mutate(seminar.id, {
            onSuccess: ({ checkoutUrl }) => {
              setLeaving(true);
              goTo(checkoutUrl);
            },
            onError: (err) =>
              setError(isApiError(err) || err instanceof Error ? err.message : t('errors.unknown')),
          });
        }}
      >
        {t('payments.pay.submit')}
      </Button>
      <p className="help mt-3">{t('payments.pay.secure')}</p>
    </div>
  );
}
