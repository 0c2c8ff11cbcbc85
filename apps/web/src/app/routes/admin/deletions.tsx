import { useTranslation } from 'react-i18next';
import { PendingDeletions } from '@/features/privacy/components/pending-deletions';
import { usePageTitle } from '@/hooks/use-page-title';

/** `/admin/deletions`: the accounts whose deletion is pending (issue 19). */
export default function AdminDeletionsPage() {
  const { t } = useTranslation();
  usePageTitle(t('privacy.pending.title'));
  return (
    <section>
      <h1 className="title is-3" id="admin-page-title">
        {t('privacy.pending.title')}
      </h1>
      <p className="mb-4">{t('privacy.pending.text')}</p>
      <PendingDeletions />
    </section>
  );
}
