import type { ComponentPropsWithRef, ReactNode } from 'react';
import { AppLink, type AppLinkProps } from '@/components/app-link';

export type ButtonVariant =
  | 'primary'
  | 'link'
  | 'light'
  | 'success'
  | 'warning'
  | 'danger'
  | 'text'
  | 'white';

interface StyleProps {
  variant?: ButtonVariant;
  size?: 'small' | 'normal' | 'medium' | 'large';
  outlined?: boolean;
  fullWidth?: boolean;
  rounded?: boolean;
}

export function buttonClass(
  { variant, size, outlined, fullWidth, rounded }: StyleProps,
  extra?: string,
): string {
  return [
    'button',
    variant && `is-${variant}`,
    size && size !== 'normal' && `is-${size}`,
    outlined && 'is-outlined',
    fullWidth && 'is-fullwidth',
    rounded && 'is-rounded',
    extra,
  ]
    .filter(Boolean)
    .join(' ');
}

export interface ButtonProps extends ComponentPropsWithRef<'button'>, StyleProps {
  isLoading?: boolean;
  icon?: ReactNode;
}

/** Bulma button; `type` defaults to "button" so it never submits a form by accident. */
export function Button({
  variant,
  size,
  outlined,
  fullWidth,
  rounded,
  isLoading,
  className,
  type = 'button',
  disabled,
  children,
  icon,
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonClass(
        { variant, size, outlined, fullWidth, rounded },
        [isLoading && 'is-loading', className].filter(Boolean).join(' '),
      )}
      disabled={disabled || isLoading}
      aria-busy={isLoading || undefined}
      {...rest}
    >
      {icon ? (
        <span className="icon" aria-hidden="true">
          {icon}
        </span>
      ) : null}
      {icon ? <span>{children}</span> : children}
    </button>
  );
}

export interface ButtonLinkProps extends AppLinkProps, StyleProps {}

/** A router link that looks like a button. */
export function ButtonLink({
  variant,
  size,
  outlined,
  fullWidth,
  rounded,
  className,
  ...rest
}: ButtonLinkProps) {
  return (
    <AppLink className={buttonClass({ variant, size, outlined, fullWidth, rounded }, className)} {...rest} />
  );
}
