import type { ComponentPropsWithRef } from 'react';
import './switch.css';

export interface SwitchProps
  extends Omit<ComponentPropsWithRef<'button'>, 'role' | 'aria-checked' | 'aria-label' | 'children'> {
  checked: boolean;
  /** The visible label: what is switched on or off ("Öffentlich"), the same in both states. */
  label: string;
  /**
   * What the switch belongs to, for screen readers only (the seminar's title in a list of cards).
   * The accessible name is the visible label followed by this, so it starts with the visible text
   * (WCAG 2.5.3, axe `label-content-name-mismatch`).
   */
  context?: string;
  size?: 'small' | 'normal';
  isLoading?: boolean;
}

/**
 * An on/off switch (`role="switch"`): a track with a knob and a fixed label. The state is the
 * knob's position and colour and `aria-checked`, never a changing label, so the name stays what
 * is switched and a screen reader adds "on" or "off".
 */
export function Switch({
  checked,
  label,
  context,
  size,
  isLoading,
  className,
  disabled,
  type = 'button',
  ...rest
}: SwitchProps) {
  return (
    <button
      type={type}
      role="switch"
      aria-checked={checked}
      aria-busy={isLoading || undefined}
      disabled={disabled || isLoading}
      className={['switch', size === 'small' && 'is-small', checked && 'is-checked', className]
        .filter(Boolean)
        .join(' ')}
      {...rest}
    >
      <span className="switch-track" aria-hidden="true">
        <span className="switch-knob" />
      </span>
      <span className="switch-label">{label}</span>
      {/* the space between label and context is a text node of its own (a name joins them) */}
      {context ? ' ' : null}
      {context ? <span className="is-sr-only">{context}</span> : null}
    </button>
  );
}
