import { useTranslation } from 'react-i18next';
import { SeminarsList } from '@/features/admin/components/seminars-list';
import { usePageTitle } from '@/hooks/use-page-title';

/** `/admin/seminars`: every seminar with owner, visibility, bookings and revenue; hand a seminar over. */
export default function AdminSeminarsPage() {
  const { t } = useTranslation();
  usePageTitle(t('admin.seminars.title'));
  return (
    <section>
      <h1 className="title is-3" id="admin-page-title">
        {t('admin.seminars.title')}
      </h1>
      <SeminarsList />
    </section>
  );
}
