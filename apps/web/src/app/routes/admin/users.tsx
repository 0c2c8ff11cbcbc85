import { useTranslation } from 'react-i18next';
import { UsersList } from '@/features/admin/components/users-list';
import { usePageTitle } from '@/hooks/use-page-title';

/** `/admin/users`: every account, searchable and filtered by scope, company and status. */
export default function AdminUsersPage() {
  const { t } = useTranslation();
  usePageTitle(t('admin.users.title'));
  return (
    <section>
      <h1 className="title is-3" id="admin-page-title">
        {t('admin.users.title')}
      </h1>
      <UsersList />
    </section>
  );
}
