import { type InputHTMLAttributes, type ReactNode, useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useLocale } from '@/hooks/use-locale';
import { useLocalizedMessage } from '@/lib/field-messages';

/** A form message: zod's encoded keys (`@validation.min?min=8`) become text of the page language. */
export function useFieldMessage(message: string | undefined): string | undefined {
  return useLocalizedMessage(useLocale(), message);
}

interface FieldProps {
  label: ReactNode;
  id: string;
  error?: string;
  help?: ReactNode;
  children: ReactNode;
}

/** Bulma field with label, control and (localized) error text tied to the control. */
export function Field({ label, id, error, help, children }: FieldProps) {
  const text = useFieldMessage(error);
  return (
    <div className="field">
      <label className="label" htmlFor={id}>
        {label}
      </label>
      <div className="control">{children}</div>
      {help ? (
        <p className="help" id={`${id}-help`}>
          {help}
        </p>
      ) : null}
      {text ? (
        <p className="help is-danger" id={`${id}-error`} role="alert">
          {text}
        </p>
      ) : null}
    </div>
  );
}

export interface InputFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: ReactNode;
  registration?: Partial<UseFormRegisterReturn>;
  error?: string;
  help?: ReactNode;
  id?: string;
}

export function InputField({ label, registration, error, help, id, className, ...rest }: InputFieldProps) {
  const autoId = useId();
  const inputId = id ?? `f${autoId.replace(/:/g, '')}`;
  const describedBy = [help && `${inputId}-help`, error && `${inputId}-error`].filter(Boolean).join(' ');
  return (
    <Field label={label} id={inputId} error={error} help={help}>
      <input
        id={inputId}
        className={['input', error && 'is-danger', className].filter(Boolean).join(' ')}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...rest}
        {...registration}
      />
    </Field>
  );
}

export interface CheckboxFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'id'> {
  label: ReactNode;
  registration?: Partial<UseFormRegisterReturn>;
  id?: string;
}

export function CheckboxField({ label, registration, id, ...rest }: CheckboxFieldProps) {
  const autoId = useId();
  const inputId = id ?? `f${autoId.replace(/:/g, '')}`;
  return (
    <div className="field">
      <div className="control">
        <label className="checkbox" htmlFor={inputId}>
          <input id={inputId} type="checkbox" {...rest} {...registration} /> {label}
        </label>
      </div>
    </div>
  );
}

/** A form-level message (e.g. the server's answer that belongs to no field). */
export function FormError({ message }: { message?: string | null }) {
  const text = useFieldMessage(message ?? undefined);
  if (!text) return null;
  return (
    <div className="notification is-danger is-light" role="alert">
      {text}
    </div>
  );
}
