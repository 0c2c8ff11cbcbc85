import { LINK_DAYS_MAX } from '@elearn/shared';
import { useTranslation } from 'react-i18next';
import '../companies.css';

/** "1" … "90" → the number of days; anything else → null (the shared rule: integer 1–90). */
export function parseDays(text: string): number | null {
  const value = text.trim();
  if (!/^\d{1,3}$/.test(value)) return null;
  const days = Number(value);
  return days >= 1 && days <= LINK_DAYS_MAX ? days : null;
}

/** A validity in days (1–90) with its label, help and error. */
export function DaysField({
  id,
  value,
  onChange,
  error,
  label,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  error: string | null;
  label: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="field">
      <label className="label" htmlFor={id}>
        {label}
      </label>
      <div className="control">
        <input
          id={id}
          className={['input days-input', error && 'is-danger'].filter(Boolean).join(' ')}
          type="number"
          inputMode="numeric"
          min={1}
          max={LINK_DAYS_MAX}
          step={1}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={[`${id}-help`, error && `${id}-error`].filter(Boolean).join(' ')}
          data-testid={id}
        />
      </div>
      <p className="help" id={`${id}-help`}>
        {t('company.days.help', { max: LINK_DAYS_MAX })}
      </p>
      {error ? (
        <p className="help is-danger" id={`${id}-error`} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
