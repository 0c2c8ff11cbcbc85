import type { TestCheckoutAction } from '@elearn/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '@/components/app-link';
import { QueryState } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { Notification } from '@/components/ui/notification';
import { useGoTo } from '@/hooks/use-go-to';
import { useTestCheckout } from '../api/get-test-checkout';
import { useSettleTestPayment } from '../api/settle-test-payment';
import { PaymentStatusTag } from './payment-status-tag';
import { useMoney } from './use-money';

const ACTIONS: { action: TestCheckoutAction; variant: 'success' | 'danger' | 'light' }[] = [
  { action: 'paid', variant: 'success' },
  { action: 'failed', variant: 'danger' },
  { action: 'canceled', variant: 'light' },
];

/**
 * The built-in test checkout (no MOLLIE_API_KEY): stands in for the provider's payment page.
 * Clearly marked as a test; no money moves. Each button settles the test payment, after which the
 * browser goes to the payment's redirect page, as it would come back from Mollie.
 */
export function TestCheckoutView({ paymentId }: { paymentId: string }) {
  const { t } = useTranslation();
  const money = useMoney();
  const query = useTestCheckout(paymentId);
  const settle = useSettleTestPayment(paymentId);
  const goTo = useGoTo();
  const [chosen, setChosen] = useState<TestCheckoutAction | null>(null);
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      <Notification variant="warning" light={false} role="note">
        <strong className="is-block mb-1" data-testid="test-checkout-banner">
          {t('payments.testCheckout.banner')}
        </strong>
        {t('payments.testCheckout.explain')}
      </Notification>
      <QueryState query={query} notFoundOn404>
        {(payment) => (
          <div className="box" data-testid="test-checkout">
            <p className="title is-3" data-testid="test-checkout-amount">
              {money.amount(payment.amount, payment.currency)}
            </p>
            <p className="subtitle is-6" data-testid="test-checkout-description">
              {payment.description}
            </p>
            <p className="mb-4">
              {t('payments.list.status')}: <PaymentStatusTag status={payment.status} />
            </p>
            {payment.status === 'open' ? (
              <>
                <p className="help mb-4">
                  {t('payments.testCheckout.expires', { time: money.dateTime(payment.expires_at) })}
                </p>
                {error ? (
                  <Notification variant="danger" role="alert" onClose={() => setError(null)}>
                    {error}
                  </Notification>
                ) : null}
                <div className="buttons">
                  {ACTIONS.map(({ action, variant }) => (
                    <Button
                      key={action}
                      variant={variant}
                      isLoading={chosen === action}
                      disabled={chosen !== null && chosen !== action}
                      data-testid={`test-checkout-${action}`}
                      onClick={() => {
                        setChosen(action);
                        setError(null);
                        settle.mutate(action, {
                          onSuccess: ({ redirectUrl }) => goTo(redirectUrl),
                          onError: (err) => {
                            setChosen(null);
                            setError(err.message);
                          },
                        });
                      }}
                    >
                      {t(`payments.testCheckout.${action}`)}
                    </Button>
                  ))}
                </div>
              </>
            ) : (
              <Notification variant="info" role="status">
                <span data-testid="test-checkout-settled">{t('payments.testCheckout.settled')}</span>{' '}
                <AppLink to={`/payment/booking/${payment.booking_id}`}>
                  {t('payments.testCheckout.toBooking')}
                </AppLink>
              </Notification>
            )}
          </div>
        )}
      </QueryState>
    </>
  );
}
