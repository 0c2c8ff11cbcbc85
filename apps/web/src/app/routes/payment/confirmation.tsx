import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { MyInvoices } from '@/features/invoices/components/my-invoices';
import { MyRefunds } from '@/features/payments/components/my-refunds';
import { PaymentsList } from '@/features/payments/components/payments-list';
import { usePageTitle } from '@/hooks/use-page-title';
import { idParam } from '@/lib/current-ids';

/** `/payment/payment-confirmation`: the user's payments (`GET /api/payments/status/`), paginated. */
export default function PaymentConfirmationPage() {
  const { t } = useTranslation();
  const page = idParam(useSearchParams()[0].get('page') ?? undefined) ?? 1;
  usePageTitle(t('payments.list.title'));
  return (
    <>
      <h1 className="title is-3" id="payments-title">
        {t('payments.list.title')}
      </h1>
      <PaymentsList page={page} />
      <MyRefunds />
      <MyInvoices />
    </>
  );
}
