import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { VoucherForm } from '@/features/vouchers/components/voucher-form';
import { useLocalizePath } from '@/hooks/use-locale';
import { usePageTitle } from '@/hooks/use-page-title';

/** `/admin/vouchers/new`: a new voucher; saved, on to its page. */
export default function AdminVoucherNewPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const localize = useLocalizePath();
  usePageTitle(t('vouchers.newTitle'));
  return (
    <section>
      <h1 className="title is-3" id="admin-page-title">
        {t('vouchers.newTitle')}
      </h1>
      <VoucherForm voucher={null} onSaved={(v) => void navigate(localize(`/admin/vouchers/${v.id}`))} />
    </section>
  );
}
