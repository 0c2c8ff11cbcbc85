import type { SeminarDto, VoucherQuoteDto } from '@elearn/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Notification } from '@/components/ui/notification';
import { useGoTo } from '@/hooks/use-go-to';
import { isApiError } from '@/lib/api-client';
import { useBookNow } from '../api/book-now';
import { useMoney } from './use-money';
import { VoucherField } from './voucher-field';

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
  const [quote, setQuote] = useState<VoucherQuoteDto | null>(null);

  if (!seminar.abilities.book) {
    return (
      <Notification variant="warning" role="status">
        <span data-testid="pay-not-bookable">{t('payments.pay.notBookable')}</span>
      </Notification>
    );
  }
  return (
    <div className="box" data-testid="pay-panel">
      {quote ? (
        <p className="title is-4" data-testid="pay-price">
          <del className="has-text-grey mr-2">{money.amount(seminar.price, seminar.currency)}</del>
          <span data-testid="pay-discounted">{money.amount(quote.charged, quote.currency)}</span>
        </p>
      ) : (
        <p className="title is-4" data-testid="pay-price">
          {money.amount(seminar.price, seminar.currency)}
        </p>
      )}
      <p className="mb-4">{quote?.charged === 0 ? t('payments.voucher.fullText') : t('payments.pay.text')}</p>
      <VoucherField seminarId={seminar.id} quote={quote} onQuote={setQuote} />
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
          book.mutate(
            { seminarId: seminar.id, voucherCode: quote?.code },
            {
              onSuccess: ({ checkoutUrl }) => {
                setLeaving(true);
                goTo(checkoutUrl);
              },
              onError: (err) =>
                setError(isApiError(err) || err instanceof Error ? err.message : t('errors.unknown')),
            },
          );
        }}
      >
        {quote?.charged === 0 ? t('payments.voucher.bookFree') : t('payments.pay.submit')}
      </Button>
      <p className="help mt-3">{t('payments.pay.secure')}</p>
    </div>
  );
}
