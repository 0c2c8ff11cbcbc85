import { useTranslation } from 'react-i18next';
import { PaymentsList } from '@/features/admin/components/payments-list';
import { usePageTitle } from '@/hooks/use-page-title';

/** `/admin/payments`: every payment, filtered by status and date. */
export default function AdminPaymentsPage() {
  const { t } = useTranslation();
  usePageTitle(t('admin.payments.title'));
  return (
    <section>
      <h1 className="title is-3" id="admin-page-title">
        {t('admin.payments.title')}
      </h1>
      <PaymentsList />
    </section>
  );
}
