import type { McTestMode } from '@elearn/shared';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import type { ItemAnalysisFilter } from '../api/get-item-analysis';

/** Date range and mode of the analysis; applied to the URL (`?from=&to=&mode=`) on submit. */
export function ItemFilters({
  value,
  onApply,
  error,
}: {
  value: ItemAnalysisFilter;
  onApply: (filter: ItemAnalysisFilter) => void;
  /** the server's message for a bad range */
  error?: string;
}) {
  const { t } = useTranslation();
  const [from, setFrom] = useState(value.from ?? '');
  const [to, setTo] = useState(value.to ?? '');
  const [mode, setMode] = useState<string>(value.mode ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply({
      from: from || undefined,
      to: to || undefined,
      mode: (mode || undefined) as McTestMode | undefined,
    });
  };
  return (
    <form className="box" onSubmit={submit} noValidate data-testid="item-filters">
      <fieldset>
        <legend className="label">{t('itemAnalysis.filter.legend')}</legend>
        <div className="columns is-multiline is-align-items-flex-end">
          <div className="column is-narrow field mb-0">
            <label className="label is-small" htmlFor="item-from">
              {t('itemAnalysis.filter.from')}
            </label>
            <input
              id="item-from"
              className="input"
              type="date"
              value={from}
              onChange={(event) => setFrom(event.target.value)}
              data-testid="item-from"
            />
          </div>
          <div className="column is-narrow field mb-0">
            <label className="label is-small" htmlFor="item-to">
              {t('itemAnalysis.filter.to')}
            </label>
            <input
              id="item-to"
              className={`input${error ? ' is-danger' : ''}`}
              type="date"
              value={to}
              onChange={(event) => setTo(event.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'item-to-error' : undefined}
              data-testid="item-to"
            />
          </div>
          <div className="column is-narrow field mb-0">
            <label className="label is-small" htmlFor="item-mode">
              {t('itemAnalysis.filter.mode')}
            </label>
            <div className="select">
              <select
                id="item-mode"
                value={mode}
                onChange={(event) => setMode(event.target.value)}
                data-testid="item-mode"
              >
                <option value="">{t('itemAnalysis.filter.allModes')}</option>
                <option value="exam">{t('itemAnalysis.filter.exam')}</option>
                <option value="practice">{t('itemAnalysis.filter.practice')}</option>
              </select>
            </div>
          </div>
          <div className="column is-narrow">
            <div className="buttons">
              <Button type="submit" variant="primary" data-testid="item-apply">
                {t('itemAnalysis.filter.apply')}
              </Button>
              <Button
                type="button"
                variant="light"
                onClick={() => {
                  setFrom('');
                  setTo('');
                  setMode('');
                  onApply({});
                }}
              >
                {t('itemAnalysis.filter.reset')}
              </Button>
            </div>
          </div>
        </div>
        {error ? (
          <p className="help is-danger" id="item-to-error" role="alert" data-testid="item-filter-error">
            {error}
          </p>
        ) : null}
      </fieldset>
    </form>
  );
}
