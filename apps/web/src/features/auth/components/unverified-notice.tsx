import { useTranslation } from 'react-i18next';
import { Notification } from '@/components/ui/notification';
import { useCurrentUser } from '@/lib/auth';
import { ResendVerificationForm } from './resend-verification-form';

/**
 * Shown to a logged-in user whose e-mail address is not verified yet: what waits for the
 * confirmation (booking, company purchases, tests, joining a company) and a button that sends
 * the link again. The server refuses those actions with 403 `auth.unverified`.
 */
export function UnverifiedNotice() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  if (!user || user.email_verified_at) return null;
  return (
    <div className="container px-3 pt-3" data-testid="unverified-notice">
      <Notification variant="warning" role="status">
        <p className="mb-2">
          <strong>{t('auth.unverified.title')}</strong>
        </p>
        <p className="mb-3">{t('auth.unverified.text', { email: user.email })}</p>
        <ResendVerificationForm loggedIn />
      </Notification>
    </div>
  );
}
