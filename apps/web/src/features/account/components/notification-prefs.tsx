import { NOTIFICATION_KINDS, type NotificationKind, type NotificationPrefs } from '@elearn/shared';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { QueryState } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { CheckboxField, FormError } from '@/components/ui/field';
import { Notification } from '@/components/ui/notification';
import { isApiError } from '@/lib/api-client';
import { useNotificationPrefs, useSaveNotificationPrefs } from '../api/notifications';

/** the anchor the mails link to (`/user#notifications`) */
export const NOTIFICATIONS_ANCHOR = 'notifications';

/**
 * "Benachrichtigungen" in the profile (issue 36 item 6): which reminder mails the person receives.
 * Every kind is shown to everyone (the digest is sent only to company managers; its help says so),
 * so that a link of any mail finds its switch here.
 */
export function NotificationPrefsSection() {
  const { t } = useTranslation();
  const prefs = useNotificationPrefs();
  const section = useRef<HTMLElement>(null);
  const { hash } = useLocation();
  const loaded = prefs.isSuccess;
  useEffect(() => {
    if (hash === `#${NOTIFICATIONS_ANCHOR}` && loaded) section.current?.scrollIntoView?.({ block: 'start' });
  }, [hash, loaded]);

  return (
    <section
      id={NOTIFICATIONS_ANCHOR}
      ref={section}
      className="mt-6"
      aria-labelledby="notifications-title"
      data-testid="notification-prefs"
    >
      <h2 className="title is-4" id="notifications-title">
        {t('account.notifications.title')}
      </h2>
      <p className="mb-4">{t('account.notifications.intro')}</p>
      <QueryState query={prefs}>{(saved) => <PrefsForm saved={saved} />}</QueryState>
    </section>
  );
}

function PrefsForm({ saved }: { saved: NotificationPrefs }) {
  const { t } = useTranslation();
  const save = useSaveNotificationPrefs();
  const [choice, setChoice] = useState<NotificationPrefs>(saved);
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const toggle = (kind: NotificationKind) => setChoice((c) => ({ ...c, [kind]: !c[kind] }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    setError(null);
    try {
      setChoice(await save.mutateAsync(choice));
      setMessage(t('account.notifications.saved'));
    } catch (failure) {
      setError(isApiError(failure) && failure.message ? failure.message : t('errors.unknown'));
    }
  };

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate aria-labelledby="notifications-title">
      {message ? (
        <Notification variant="success" role="status" onClose={() => setMessage(null)}>
          {message}
        </Notification>
      ) : null}
      <FormError message={error} />
      {NOTIFICATION_KINDS.map((kind) => (
        <div key={kind}>
          <CheckboxField
            id={`notify-${kind}`}
            label={t(`account.notifications.kinds.${kind}`)}
            checked={choice[kind]}
            onChange={() => toggle(kind)}
            aria-describedby={`notify-${kind}-help`}
          />
          <p className="help mt-0 mb-3" id={`notify-${kind}-help`}>
            {t(`account.notifications.help.${kind}`)}
          </p>
        </div>
      ))}
      <Button type="submit" variant="primary" isLoading={save.isPending}>
        {t('account.notifications.submit')}
      </Button>
    </form>
  );
}
