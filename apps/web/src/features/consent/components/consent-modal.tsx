import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '@/components/app-link';
import { Button } from '@/components/ui/button';
import { CheckboxField } from '@/components/ui/field';
import { Modal } from '@/components/ui/modal';
import { useAppConfig } from '@/lib/app-config';
import { useUser } from '@/lib/auth';
import { updateConsent, useConsent } from '../consent-store';

/**
 * The cookie notice (spec section 4): a modal for logged-out visitors until they confirm it; it
 * can't be dismissed by Escape or the backdrop. The analytics choice appears only when Matomo
 * is configured.
 */
export function ConsentModal() {
  const { t } = useTranslation();
  const { data: user, isPending } = useUser();
  const { data: config } = useAppConfig();
  const consent = useConsent();
  const [analytics, setAnalytics] = useState(consent.consentedMatomo);
  const buttonRef = useRef<HTMLButtonElement>(null);

  const open = !isPending && !user && (consent.cookies || !consent.consentedRequired);
  const matomo = config?.matomo ?? null;

  const accept = () =>
    updateConsent({ consentedRequired: true, consentedMatomo: matomo ? analytics : false, cookies: false });

  return (
    <Modal
      open={open}
      closable={false}
      title={t('consent.title')}
      initialFocusRef={buttonRef}
      className="consent-modal"
      footer={
        <Button ref={buttonRef} variant="primary" onClick={accept} data-testid="consent-accept">
          {t('consent.accept')}
        </Button>
      }
    >
      <div className="content">
        <p>{t('consent.text')}</p>
        <p>
          {t('consent.more')} <AppLink to="/dsg">{t('consent.privacyLink')}</AppLink>
        </p>
      </div>
      {matomo ? (
        <CheckboxField
          label={t('consent.analytics')}
          checked={analytics}
          onChange={(e) => setAnalytics(e.target.checked)}
          id="consent-analytics"
        />
      ) : null}
    </Modal>
  );
}
