import { useTranslation } from 'react-i18next';
import { AdminOverview } from '@/features/admin/components/admin-overview';
import { usePageTitle } from '@/hooks/use-page-title';

/** `/admin`: the overview of the admin area with a way into each section. */
export default function AdminPage() {
  const { t } = useTranslation();
  usePageTitle(t('areas.admin'));
  return (
    <section>
      <h1 className="title is-3" id="admin-page-title">
        {t('admin.overview.title')}
      </h1>
      <AdminOverview />
    </section>
  );
}
