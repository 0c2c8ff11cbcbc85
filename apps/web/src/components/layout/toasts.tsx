import { useTranslation } from 'react-i18next';
import { dismissNotification, useNotifications } from '@/lib/notifications';

/** Renders the notification store as toasts (top right); polite live region. */
export function Toasts() {
  const { t } = useTranslation();
  const items = useNotifications();
  return (
    <section className="toasts" aria-live="polite" aria-label={t('common.notifications')}>
      {items.map((item) => (
        <div
          key={item.id}
          className={`notification is-${item.type} toast`}
          role={item.type === 'danger' ? 'alert' : 'status'}
          data-testid="toast"
        >
          <button
            type="button"
            className="delete"
            aria-label={t('common.close')}
            onClick={() => dismissNotification(item.id)}
          />
          {item.message}
        </div>
      ))}
    </section>
  );
}
