import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from './button';

/** A search form for `?q=`; submitting sets `q` in the URL and goes back to page 1. */
export function SearchBox({ label, testId = 'search' }: { label: string; testId?: string }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const [text, setText] = useState(q);
  const id = `search${useId().replace(/:/g, '')}`;

  useEffect(() => setText(q), [q]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const next = new URLSearchParams(params);
    const value = text.trim();
    if (value) next.set('q', value);
    else next.delete('q');
    next.delete('page');
    setParams(next);
  };

  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is too new for some screen readers and test tools
    <form role="search" onSubmit={onSubmit} className="mb-5" data-testid={`${testId}-form`}>
      <label className="label is-sr-only" htmlFor={id}>
        {label}
      </label>
      <div className="field has-addons">
        <div className="control is-expanded">
          <input
            id={id}
            className="input"
            type="search"
            name="q"
            value={text}
            maxLength={200}
            placeholder={label}
            onChange={(event) => setText(event.target.value)}
            data-testid={`${testId}-input`}
          />
        </div>
        <div className="control">
          <Button type="submit" variant="primary" data-testid={`${testId}-submit`}>
            {t('common.search')}
          </Button>
        </div>
      </div>
    </form>
  );
}
