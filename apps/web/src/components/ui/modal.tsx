import { type KeyboardEvent, type ReactNode, type RefObject, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useHydrated } from '@/hooks/use-hydrated';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export interface ModalProps {
  open: boolean;
  title: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  /** When false, neither Escape, the backdrop nor a close button dismisses the dialog. */
  closable?: boolean;
  onClose?: () => void;
  initialFocusRef?: RefObject<HTMLElement | null>;
  className?: string;
}

/**
 * Bulma modal card as an accessible modal dialog: focus moves in and is trapped, the rest of the
 * page is inert while it is open, focus returns afterwards.
 */
export function Modal({
  open,
  title,
  children,
  footer,
  closable = true,
  onClose,
  initialFocusRef,
  className,
}: ModalProps) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const titleId = useId();
  const cardRef = useRef<HTMLDivElement>(null);

  // runs again when the hydrated dialog moves into its portal: the page behind it becomes inert
  useEffect(() => {
    if (!open || !hydrated) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const root = document.getElementById('root');
    const card = cardRef.current;
    if (root && card && !root.contains(card)) root.setAttribute('inert', '');
    document.documentElement.classList.add('is-clipped');
    const target = initialFocusRef?.current ?? card?.querySelector<HTMLElement>(FOCUSABLE) ?? card;
    target?.focus();
    return () => {
      root?.removeAttribute('inert');
      document.documentElement.classList.remove('is-clipped');
      previous?.focus?.();
    };
  }, [open, initialFocusRef, hydrated]);

  if (!open) return null;

  const close = () => {
    if (closable) onClose?.();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close();
      return;
    }
    if (event.key !== 'Tab' || !cardRef.current) return;
    const items = Array.from(cardRef.current.querySelectorAll<HTMLElement>(FOCUSABLE));
    if (items.length === 0) {
      event.preventDefault();
      return;
    }
    const first = items[0]!;
    const last = items[items.length - 1]!;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  const dialog = (
    <div className={['modal', 'is-active', className].filter(Boolean).join(' ')}>
      <div className="modal-background" aria-hidden="true" onClick={close} />
      <div
        ref={cardRef}
        className="modal-card"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <header className="modal-card-head">
          <h2 className="modal-card-title" id={titleId}>
            {title}
          </h2>
          {closable && onClose ? (
            <button type="button" className="delete" aria-label={t('common.close')} onClick={onClose} />
          ) : null}
        </header>
        <section className="modal-card-body">{children}</section>
        {footer ? <footer className="modal-card-foot">{footer}</footer> : null}
      </div>
    </div>
  );
  // the server draws the dialog in place (a fixed overlay all the same); the browser moves it
  // into a portal once the page is hydrated
  return hydrated ? createPortal(dialog, document.body) : dialog;
}
