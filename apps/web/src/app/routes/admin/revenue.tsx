import { useTranslation } from 'react-i18next';
import { RevenueOverview } from '@/features/revenue/components/revenue-overview';
import { usePageTitle } from '@/hooks/use-page-title';

/** `/admin/revenue`: revenue per month, seminar or company with totals and the export (issue 38 item 7). */
export default function AdminRevenuePage() {
  const { t } = useTranslation();
  usePageTitle(t('revenue.title'));
  return (
    <section>
      <h1 className="title is-3" id="admin-page-title">
        {t('revenue.title')}
      </h1>
      <RevenueOverview />
    </section>
  );
}
