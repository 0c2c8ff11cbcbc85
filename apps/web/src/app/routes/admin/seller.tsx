import { useTranslation } from 'react-i18next';
import { SellerForm } from '@/features/invoices/components/seller-form';
import { usePageTitle } from '@/hooks/use-page-title';

/** `/admin/seller`: "Rechnungssteller", the seller on every invoice (issue 38 item 1). */
export default function AdminSellerPage() {
  const { t } = useTranslation();
  usePageTitle(t('invoices.seller.title'));
  return (
    <section>
      <h1 className="title is-3" id="admin-page-title">
        {t('invoices.seller.title')}
      </h1>
      <SellerForm />
    </section>
  );
}
