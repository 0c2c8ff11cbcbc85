import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export type NotificationVariant = 'primary' | 'link' | 'info' | 'success' | 'warning' | 'danger';

interface NotificationProps {
  variant?: NotificationVariant;
  light?: boolean;
  onClose?: () => void;
  /** `alert` interrupts screen readers (errors); `status` is polite (confirmations). */
  role?: 'alert' | 'status' | 'note';
  className?: string;
  children: ReactNode;
}

/** Bulma notification, optionally dismissible with a labelled close button. */
export function Notification({
  variant,
  light = true,
  onClose,
  role,
  className,
  children,
}: NotificationProps) {
  const { t } = useTranslation();
  const classes = ['notification', variant && `is-${variant}`, light && variant && 'is-light', className]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={classes} role={role}>
      {onClose ? (
        <button type="button" className="delete" aria-label={t('common.close')} onClick={onClose} />
      ) : null}
      {children}
    </div>
  );
}
