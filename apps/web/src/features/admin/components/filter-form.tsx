import { type FormEvent, useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { activeFilterCount, dateRangeErrors, type FilterSpec, readFilters, writeFilters } from '../filters';
import '../admin.css';

export interface FilterOption {
  value: string;
  label: string;
}

export type FilterField =
  | { name: string; label: string; kind: 'search'; placeholder?: string }
  | { name: string; label: string; kind: 'select'; options: FilterOption[]; anyLabel: string }
  | { name: string; label: string; kind: 'date' };

type Values = Record<string, string>;

function valuesOf(spec: FilterSpec, params: URLSearchParams): Values {
  const out: Values = {};
  for (const [name, value] of Object.entries(readFilters(spec, params))) out[name] = String(value);
  return out;
}

/**
 * The filter bar of an admin list. Its state is the address: a select applies at once, search
 * and dates on "Filter" (or Enter); the list starts again at page 1. Parameters of the spec that
 * have no field here (e.g. `owner_id`, set by a link) are kept until "Reset filters".
 */
export function FilterForm({
  spec,
  fields,
  testId,
}: {
  spec: FilterSpec;
  fields: FilterField[];
  testId: string;
}) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const current = useMemo(() => valuesOf(spec, params), [spec, params]);
  const [values, setValues] = useState<Values>(current);
  const [errors, setErrors] = useState<{ from?: string; to?: string }>({});
  const baseId = `filter${useId().replace(/:/g, '')}`;
  const active = activeFilterCount(spec, params);

  const currentKey = JSON.stringify(current);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `currentKey` stands for `current` (a new object each render)
  useEffect(() => {
    setValues(current);
    setErrors({});
  }, [currentKey]);

  const apply = (next: Values) => {
    const problems = 'from' in spec && 'to' in spec ? dateRangeErrors(next.from ?? '', next.to ?? '') : {};
    setErrors(problems);
    if (problems.from || problems.to) return;
    setParams(writeFilters(spec, params, next));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    apply(values);
  };

  const set = (name: string, value: string) => setValues((prev) => ({ ...prev, [name]: value }));

  return (
    <form onSubmit={onSubmit} noValidate className="box admin-filters" data-testid={testId}>
      <div className="columns is-multiline is-align-items-flex-end">
        {fields.map((field) => {
          const id = `${baseId}-${field.name}`;
          const error = field.name === 'from' || field.name === 'to' ? errors[field.name] : undefined;
          return (
            <div
              key={field.name}
              className={field.kind === 'search' ? 'column is-12-tablet is-4-desktop' : 'column is-narrow'}
            >
              <div className="field">
                <label className="label is-small" htmlFor={id}>
                  {field.label}
                </label>
                <div className="control">
                  {field.kind === 'select' ? (
                    <div className="select is-small">
                      <select
                        id={id}
                        name={field.name}
                        value={values[field.name] ?? ''}
                        onChange={(event) => {
                          const next = { ...values, [field.name]: event.target.value };
                          setValues(next);
                          apply(next);
                        }}
                        data-testid={`${testId}-${field.name}`}
                      >
                        <option value="">{field.anyLabel}</option>
                        {field.options.map((option) => (
                          <option key={option.value} value={option.value}>
                            {option.label}
                          </option>
                        ))}
                      </select>
                    </div>
                  ) : (
                    <input
                      id={id}
                      name={field.name}
                      className={['input is-small', error && 'is-danger'].filter(Boolean).join(' ')}
                      type={field.kind === 'date' ? 'date' : 'search'}
                      maxLength={field.kind === 'search' ? 200 : undefined}
                      placeholder={field.kind === 'search' ? field.placeholder : undefined}
                      value={values[field.name] ?? ''}
                      onChange={(event) => set(field.name, event.target.value)}
                      aria-invalid={error ? true : undefined}
                      aria-describedby={error ? `${id}-error` : undefined}
                      data-testid={`${testId}-${field.name}`}
                    />
                  )}
                </div>
                {error ? (
                  <p className="help is-danger" id={`${id}-error`} role="alert">
                    {t(error)}
                  </p>
                ) : null}
              </div>
            </div>
          );
        })}
        <div className="column is-narrow">
          <div className="buttons">
            <Button type="submit" variant="primary" size="small" data-testid={`${testId}-submit`}>
              {t('admin.filters.apply')}
            </Button>
            {active > 0 ? (
              <Button
                size="small"
                variant="light"
                onClick={() => setParams(writeFilters(spec, params, {}))}
                data-testid={`${testId}-reset`}
              >
                {t('admin.filters.reset', { count: active })}
              </Button>
            ) : null}
          </div>
        </div>
      </div>
    </form>
  );
}
