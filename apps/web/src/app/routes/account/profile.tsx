import { useTranslation } from 'react-i18next';
import { AppLink } from '@/components/app-link';
import { NotificationPrefsSection } from '@/features/account/components/notification-prefs';
import { ProfileForm } from '@/features/account/components/profile-form';
import { usePageTitle } from '@/hooks/use-page-title';
import { useCurrentUser } from '@/lib/auth';

export default function ProfilePage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  usePageTitle(t('account.profile.title'));
  return (
    <div className="columns">
      <div className="column is-8-desktop is-6-widescreen">
        <h1 className="title is-3" id="profile-title">
          {t('account.profile.title')}
        </h1>
        {user ? <ProfileForm key={user.id} user={user} /> : null}
        {user ? <NotificationPrefsSection key={`notifications-${user.id}`} /> : null}
        <p className="mt-5" data-testid="profile-privacy">
          {t('privacy.profileHint')} <AppLink to="/user/privacy">{t('privacy.title')}</AppLink>
        </p>
      </div>
    </div>
  );
}
