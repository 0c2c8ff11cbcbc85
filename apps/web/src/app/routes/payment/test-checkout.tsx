import { useTranslation } from 'react-i18next';
import { type Params, useParams } from 'react-router';
import { TestCheckoutView } from '@/features/payments/components/test-checkout-view';
import { usePageTitle } from '@/hooks/use-page-title';

const PAYMENT_ID = /^tr_[A-Za-z0-9]{1,64}$/;

export const check = (params: Params) => PAYMENT_ID.test(params.paymentId ?? '');

/** `/payment/test-checkout/{paymentId}`: the built-in test checkout (no MOLLIE_API_KEY set). */
export default function TestCheckoutPage() {
  const { t } = useTranslation();
  const paymentId = useParams().paymentId ?? '';
  usePageTitle(t('payments.testCheckout.title'));
  return (
    <>
      <h1 className="title is-3">{t('payments.testCheckout.title')}</h1>
      <TestCheckoutView paymentId={paymentId} />
    </>
  );
}
