import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '@/components/app-link';
import { QueryState } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { Notification } from '@/components/ui/notification';
import { isApiError } from '@/lib/api-client';
import { useUnsubscribe, useUnsubscribeInfo } from '../api/notifications';
import { NOTIFICATIONS_ANCHOR } from './notification-prefs';

const SETTINGS = `/user#${NOTIFICATIONS_ANCHOR}` as const;

/** the server's message of a refusal (`unsubscribe.invalid`, in the page's language) */
const messageOf = (error: unknown, fallback: string) =>
  isApiError(error) && error.message ? error.message : fallback;

/**
 * The page of a mail's unsubscribe link (issue 36 item 6): asks what the signed token stands for
 * (the GET turns nothing off: link scanners open links), and turns it off on the click. No login.
 */
export function UnsubscribePanel({ token }: { token: string }) {
  const { t } = useTranslation();
  const info = useUnsubscribeInfo(token);
  const unsubscribe = useUnsubscribe();
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  if (!token)
    return (
      <Notification variant="danger" role="alert">
        {t('account.unsubscribe.missing')}
      </Notification>
    );
  if (info.isError)
    return (
      <div className="notification is-danger is-light" role="alert" data-testid="unsubscribe-invalid">
        {messageOf(info.error, t('errors.unknown'))}
      </div>
    );
  if (done !== null)
    return (
      <div data-testid="unsubscribe-done">
        <Notification variant="success" role="status">
          {done}
        </Notification>
        <p>
          <AppLink to={SETTINGS}>{t('account.unsubscribe.settings')}</AppLink>
        </p>
      </div>
    );

  const confirm = async () => {
    setError(null);
    try {
      setDone((await unsubscribe.mutateAsync(token)).message);
    } catch (failure) {
      setError(messageOf(failure, t('errors.unknown')));
    }
  };

  return (
    <QueryState query={info}>
      {({ kind }) => (
        <div data-testid="unsubscribe-ask">
          {error ? (
            <Notification variant="danger" role="alert">
              {error}
            </Notification>
          ) : null}
          <p className="mb-4">
            {t('account.unsubscribe.question', { kind: t(`account.notifications.kinds.${kind}`) })}
          </p>
          <div className="buttons">
            <Button variant="primary" isLoading={unsubscribe.isPending} onClick={() => void confirm()}>
              {t('account.unsubscribe.button')}
            </Button>
            <AppLink to={SETTINGS} className="button is-text">
              {t('account.unsubscribe.settings')}
            </AppLink>
          </div>
        </div>
      )}
    </QueryState>
  );
}
