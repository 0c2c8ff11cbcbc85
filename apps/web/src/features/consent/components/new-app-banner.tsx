import { useTranslation } from 'react-i18next';
import { Notification } from '@/components/ui/notification';
import { updateConsent, useConsent } from '../consent-store';

/** Dismissible notice that this is the new version of the platform (visible by default). */
export function NewAppBanner() {
  const { t } = useTranslation();
  const { newAppInfo } = useConsent();
  if (!newAppInfo) return null;
  return (
    <div className="new-app-banner">
      <div className="container">
        <Notification variant="info" role="note" onClose={() => updateConsent({ newAppInfo: false })}>
          <strong>{t('newApp.title')}</strong> {t('newApp.text')}
        </Notification>
      </div>
    </div>
  );
}
