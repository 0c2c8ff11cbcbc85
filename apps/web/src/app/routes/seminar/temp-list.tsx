import { useTranslation } from 'react-i18next';
import { AccessLinkTable } from '@/features/companies/components/access-link-table';
import { useListParams } from '@/features/seminars/components/seminar-lists';
import { usePageTitle } from '@/hooks/use-page-title';

/**
 * `/seminar/tempList` (corporateTraining, admin): the access links the caller's companies
 * created, with status, copy and revoke; paginated by the server (`?page=`).
 */
export default function TempListPage() {
  const { t } = useTranslation();
  const { page } = useListParams();
  usePageTitle(t('company.links.title'));
  return (
    <>
      <h1 className="title is-3" id="access-links-title">
        {t('company.links.title')}
      </h1>
      <p className="mb-4">{t('company.links.intro')}</p>
      <AccessLinkTable page={page} />
    </>
  );
}
