import { useTranslation } from 'react-i18next';
import type { Params } from 'react-router';
import { useParams } from 'react-router';
import { VoucherDetail } from '@/features/vouchers/components/voucher-detail';
import { usePageTitle } from '@/hooks/use-page-title';
import { idParam } from '@/lib/current-ids';

/** An id that is not a positive whole number is "page not found". */
export const check = (params: Params) => idParam(params.id) !== null;

/** `/admin/vouchers/{id}`: edit, deactivate, delete and the redemptions. */
export default function AdminVoucherPage() {
  const { t } = useTranslation();
  const id = idParam(useParams().id) ?? 0;
  usePageTitle(t('vouchers.title'));
  return (
    <section>
      <h1 className="title is-3" id="admin-page-title">
        {t('vouchers.title')}
      </h1>
      <VoucherDetail id={id} />
    </section>
  );
}
