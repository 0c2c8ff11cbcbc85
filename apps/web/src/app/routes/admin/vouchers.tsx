import { useTranslation } from 'react-i18next';
import { VouchersList } from '@/features/vouchers/components/vouchers-list';
import { usePageTitle } from '@/hooks/use-page-title';

/** `/admin/vouchers`: every voucher with its redemptions (issue 38 item 5). */
export default function AdminVouchersPage() {
  const { t } = useTranslation();
  usePageTitle(t('vouchers.title'));
  return (
    <section>
      <h1 className="title is-3" id="admin-page-title">
        {t('vouchers.title')}
      </h1>
      <VouchersList />
    </section>
  );
}
