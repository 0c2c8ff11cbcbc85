import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { NotFoundView } from '@/components/error-view';
import { RedirectCheck } from '@/features/payments/components/redirect-check';
import { usePageTitle } from '@/hooks/use-page-title';
import { idParam } from '@/lib/current-ids';

/**
 * `/payment/mollie/redirect?bookingId=`: where the provider sends the customer back. Checks the
 * booking and goes on to the completed or canceled page; waits while the payment is pending.
 */
export default function PaymentRedirectPage() {
  const { t } = useTranslation();
  const bookingId = idParam(useSearchParams()[0].get('bookingId') ?? undefined);
  usePageTitle(t('payments.redirect.title'));
  if (bookingId === null) return <NotFoundView />;
  return (
    <>
      <h1 className="title is-3">{t('payments.redirect.title')}</h1>
      <RedirectCheck bookingId={bookingId} />
    </>
  );
}
