import { TEAM_STATES } from '@elearn/shared';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';

/** the filters of the team view in the address (`seminar`, `state`, `q`); a page cursor is dropped */
export const TEAM_FILTERS = ['seminar', 'state', 'q'] as const;
const PAGING = ['after', 'before', 'last'] as const;

/**
 * The team view's filter form: seminar, state, a search of name or e-mail. Submitting puts them
 * in the address and goes back to the first page; without JavaScript it is a plain GET form.
 */
export function TeamFilters({ seminars }: { seminars: { id: number; title: string }[] }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const id = useId().replace(/:/g, '');
  const [seminar, setSeminar] = useState(params.get('seminar') ?? '');
  const [state, setState] = useState(params.get('state') ?? '');
  const [q, setQ] = useState(params.get('q') ?? '');
  const key = params.toString();
  // the address changed (back, a link): the form follows it
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the params
  useEffect(() => {
    setSeminar(params.get('seminar') ?? '');
    setState(params.get('state') ?? '');
    setQ(params.get('q') ?? '');
  }, [key]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const next = new URLSearchParams(params);
    for (const [name, value] of [
      ['seminar', seminar],
      ['state', state],
      ['q', q.trim()],
    ] as const) {
      if (value) next.set(name, value);
      else next.delete(name);
    }
    for (const name of PAGING) next.delete(name);
    setParams(next);
  };
  const onReset = () => {
    const next = new URLSearchParams(params);
    for (const name of [...TEAM_FILTERS, ...PAGING]) next.delete(name);
    setParams(next);
  };

  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is too new for some screen readers and test tools
    <form
      role="search"
      method="get"
      onSubmit={onSubmit}
      className="box team-filters"
      data-testid="team-filters"
    >
      <div className="columns is-multiline is-align-items-flex-end">
        <div className="column is-4-desktop is-6-tablet">
          <label className="label" htmlFor={`${id}-seminar`}>
            {t('company.team.filterSeminar')}
          </label>
          <div className="select is-fullwidth">
            <select
              id={`${id}-seminar`}
              name="seminar"
              value={seminar}
              onChange={(event) => setSeminar(event.target.value)}
              data-testid="team-filter-seminar"
            >
              <option value="">{t('company.team.allSeminars')}</option>
              {seminars.map((s) => (
                <option key={s.id} value={String(s.id)}>
                  {s.title}
                </option>
              ))}
            </select>
          </div>
        </div>
        <div className="column is-3-desktop is-6-tablet">
          <label className="label" htmlFor={`${id}-state`}>
            {t('dueState.label')}
          </label>
          <div className="select is-fullwidth">
            <select
              id={`${id}-state`}
              name="state"
              value={state}
              onChange={(event) => setState(event.target.value)}
              data-testid="team-filter-state"
            >
              <option value="">{t('company.team.allStates')}</option>
              {TEAM_STATES.map((s) => (
                <option key={s} value={s}>
                  {t(`dueState.${s}`)}
                </option>
              ))}
            </select>
          </div>
        </div>
        <div className="column is-5-desktop is-12-tablet">
          <label className="label" htmlFor={`${id}-q`}>
            {t('company.team.search')}
          </label>
          <div className="field has-addons">
            <div className="control is-expanded">
              <input
                id={`${id}-q`}
                className="input"
                type="search"
                name="q"
                value={q}
                maxLength={200}
                onChange={(event) => setQ(event.target.value)}
                data-testid="team-filter-q"
              />
            </div>
            <div className="control">
              <Button type="submit" variant="primary" data-testid="team-filter-submit">
                {t('company.team.filter')}
              </Button>
            </div>
          </div>
        </div>
      </div>
      {TEAM_FILTERS.some((name) => params.get(name)) ? (
        <Button variant="link" outlined size="small" onClick={onReset} data-testid="team-filter-reset">
          {t('company.team.resetFilters')}
        </Button>
      ) : null}
    </form>
  );
}
