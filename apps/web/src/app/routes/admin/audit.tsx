import { useTranslation } from 'react-i18next';
import { AuditList } from '@/features/admin/components/audit-list';
import { usePageTitle } from '@/hooks/use-page-title';

/** `/admin/audit`: the audit trail of admin changes and graduation confirmations. */
export default function AdminAuditPage() {
  const { t } = useTranslation();
  usePageTitle(t('admin.audit.title'));
  return (
    <section>
      <h1 className="title is-3" id="admin-page-title">
        {t('admin.audit.title')}
      </h1>
      <AuditList />
    </section>
  );
}
