import { useTranslation } from 'react-i18next';
import { usePageTitle } from '@/hooks/use-page-title';

/** Placeholder of the admin area (spec section 2: admin layout is a placeholder). */
export default function AdminPage() {
  const { t } = useTranslation();
  usePageTitle(t('areas.admin'));
  return (
    <section className="has-text-centered py-6">
      <h1 className="title is-2">{t('areas.adminTitle')}</h1>
      <p className="subtitle">{t('areas.comingSoon')}</p>
    </section>
  );
}
