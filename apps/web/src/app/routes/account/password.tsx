import { useTranslation } from 'react-i18next';
import { PasswordForm } from '@/features/account/components/password-form';
import { usePageTitle } from '@/hooks/use-page-title';
import { useCurrentUser } from '@/lib/auth';

export default function PasswordPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  usePageTitle(t('account.password.title'));
  return (
    <div className="columns">
      <div className="column is-8-desktop is-6-widescreen">
        <h1 className="title is-3" id="password-title">
          {t('account.password.title')}
        </h1>
        <PasswordForm username={user?.username ?? ''} />
      </div>
    </div>
  );
}
