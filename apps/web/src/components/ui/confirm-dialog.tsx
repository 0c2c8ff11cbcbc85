import { type ReactNode, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, type ButtonVariant } from './button';
import { Modal } from './modal';

export interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  variant?: ButtonVariant;
  busy?: boolean;
  /** A message of a failed attempt, shown in the dialog (e.g. "the seminar has bookings"). */
  error?: string | null;
  /** More actions next to confirm (e.g. "delete anyway"). */
  extra?: ReactNode;
}

/** "Really …?" dialog; the cancel button gets the focus, so Enter never deletes by accident. */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  onConfirm,
  onCancel,
  variant = 'danger',
  busy,
  error,
  extra,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Modal
      open={open}
      title={title}
      onClose={busy ? undefined : onCancel}
      initialFocusRef={cancelRef}
      footer={
        <div className="buttons">
          <Button variant={variant} onClick={onConfirm} isLoading={busy} data-testid="confirm-ok">
            {confirmLabel}
          </Button>
          {extra}
          <Button ref={cancelRef} onClick={onCancel} disabled={busy} data-testid="confirm-cancel">
            {t('common.cancel')}
          </Button>
        </div>
      }
    >
      <div data-testid="confirm-dialog">
        {children}
        {error ? (
          <div className="notification is-danger is-light mt-4 mb-0" role="alert" data-testid="confirm-error">
            {error}
          </div>
        ) : null}
      </div>
    </Modal>
  );
}
