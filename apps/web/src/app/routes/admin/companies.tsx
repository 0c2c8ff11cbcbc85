import { useTranslation } from 'react-i18next';
import { CompaniesList } from '@/features/admin/components/companies-list';
import { usePageTitle } from '@/hooks/use-page-title';

/** `/admin/companies`: every company (search) and a new one. */
export default function AdminCompaniesPage() {
  const { t } = useTranslation();
  usePageTitle(t('admin.companies.title'));
  return (
    <section>
      <h1 className="title is-3" id="admin-page-title">
        {t('admin.companies.title')}
      </h1>
      <CompaniesList />
    </section>
  );
}
