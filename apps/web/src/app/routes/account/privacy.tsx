import { useTranslation } from 'react-i18next';
import { AppLink } from '@/components/app-link';
import { DataExport, DeleteAccount } from '@/features/privacy/components/my-data';
import { usePageTitle } from '@/hooks/use-page-title';
import { useCurrentUser } from '@/lib/auth';

/** `/user/privacy` ("Meine Daten", issue 19): download one's data, delete one's account. */
export default function MyDataPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  usePageTitle(t('privacy.title'));
  return (
    <div className="columns">
      <div className="column is-10-desktop is-8-widescreen">
        <h1 className="title is-3" id="privacy-title">
          {t('privacy.title')}
        </h1>
        <p className="mb-5">
          {t('privacy.intro')} <AppLink to="/dsg">{t('privacy.policyLink')}</AppLink>
        </p>
        {user ? (
          <>
            <DataExport user={user} />
            <DeleteAccount user={user} />
          </>
        ) : null}
      </div>
    </div>
  );
}
