import { useTranslation } from 'react-i18next';
import { AdminInvoices } from '@/features/invoices/components/admin-invoices';
import { usePageTitle } from '@/hooks/use-page-title';

/** `/admin/invoices`: every invoice and credit note, filters and the accountant's export (issue 38). */
export default function AdminInvoicesPage() {
  const { t } = useTranslation();
  usePageTitle(t('invoices.adminTitle'));
  return (
    <section>
      <h1 className="title is-3" id="admin-page-title">
        {t('invoices.adminTitle')}
      </h1>
      <AdminInvoices />
    </section>
  );
}
