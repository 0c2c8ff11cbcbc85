import { REVENUE_GROUPS, type RevenueGroup, type RevenueRow, type RevenueTotal } from '@elearn/shared';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AppLink } from '@/components/app-link';
import { QueryState } from '@/components/query-state';
import { EmptyState } from '@/components/ui/empty-state';
import { Table } from '@/components/ui/table';
import { useLocale } from '@/hooks/use-locale';
import { formatPrice } from '@/lib/format';
import { type RevenueFilter, revenueExportUrl, useRevenue } from '../api/revenue';

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** the range and grouping as in the address (`?from=2026-01&to=2026-06&group=seminar`) */
function useFilter(): [RevenueFilter, (next: RevenueFilter) => void] {
  const [params, setParams] = useSearchParams();
  const filter: RevenueFilter = {
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
    group: params.get('group') ?? '',
  };
  const set = (next: RevenueFilter) =>
    setParams(new URLSearchParams(Object.entries(next).filter((e): e is [string, string] => Boolean(e[1]))));
  return [filter, set];
}

const hrefOf = (f: RevenueFilter) => {
  const q = new URLSearchParams(Object.entries(f).filter((e): e is [string, string] => Boolean(e[1])));
  return `/admin/revenue${q.size ? `?${q}` : ''}`;
};

/** `/admin/revenue`: revenue per month, seminar or company, paid and open, totals; export (issue 38 item 7). */
export function RevenueOverview() {
  const { t } = useTranslation();
  const [filter, setFilter] = useFilter();
  const [from, setFrom] = useState(filter.from ?? '');
  const [to, setTo] = useState(filter.to ?? '');
  const query = useRevenue(filter);
  const group = (REVENUE_GROUPS as readonly string[]).includes(filter.group ?? '')
    ? (filter.group as RevenueGroup)
    : 'month';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setFilter({ ...filter, from: MONTH.test(from) ? from : '', to: MONTH.test(to) ? to : '' });
  };
  return (
    <>
      <form className="columns is-multiline" data-testid="revenue-range" onSubmit={submit}>
        <div className="column is-narrow field">
          <label className="label" htmlFor="revenue-from">
            {t('revenue.from')}
          </label>
          <input
            id="revenue-from"
            className="input"
            type="month"
            name="from"
            value={from}
            placeholder="2026-01"
            onChange={(e) => setFrom(e.target.value)}
          />
        </div>
        <div className="column is-narrow field">
          <label className="label" htmlFor="revenue-to">
            {t('revenue.to')}
          </label>
          <input
            id="revenue-to"
            className="input"
            type="month"
            name="to"
            value={to}
            placeholder="2026-12"
            onChange={(e) => setTo(e.target.value)}
          />
        </div>
        <div className="column is-narrow field is-flex is-align-items-flex-end">
          <button type="submit" className="button is-link">
            {t('revenue.show')}
          </button>
        </div>
        <div className="column is-narrow field is-flex is-align-items-flex-end">
          <a className="button is-link is-light" href={revenueExportUrl(filter)} data-testid="revenue-export">
            {t('revenue.export')}
          </a>
        </div>
      </form>
      <nav className="tabs" aria-label={t('revenue.group')}>
        <ul>
          {REVENUE_GROUPS.map((g) => (
            <li key={g} className={g === group ? 'is-active' : undefined}>
              <AppLink
                to={hrefOf({ ...filter, group: g === 'month' ? '' : g })}
                aria-current={g === group ? 'page' : undefined}
                data-testid={`revenue-group-${g}`}
              >
                {t(`revenue.groups.${g}`)}
              </AppLink>
            </li>
          ))}
        </ul>
      </nav>
      <QueryState query={query}>
        {(result) => (
          <>
            <p className="mb-3 has-text-grey" data-testid="revenue-range-text">
              {t('revenue.range', { from: result.from, to: result.to })} · {t('revenue.note')}
            </p>
            {result.rows.length === 0 ? (
              <EmptyState title={t('revenue.empty')} testId="revenue-empty" />
            ) : (
              <RevenueTable group={result.group} rows={result.rows} totals={result.totals} />
            )}
          </>
        )}
      </QueryState>
    </>
  );
}

function RevenueTable({
  group,
  rows,
  totals,
}: {
  group: RevenueGroup;
  rows: RevenueRow[];
  totals: RevenueTotal[];
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const money = (minor: number, currency: string) => formatPrice(minor, currency, locale, '–');
  const cells = (f: RevenueTotal) => (
    <>
      <td>{f.currency}</td>
      <td className="has-text-right">{money(f.paid.net, f.currency)}</td>
      <td className="has-text-right">{money(f.paid.vat, f.currency)}</td>
      <td className="has-text-right">{money(f.paid.gross, f.currency)}</td>
      <td className="has-text-right">{money(f.open.net, f.currency)}</td>
      <td className="has-text-right">{money(f.open.vat, f.currency)}</td>
      <td className="has-text-right">{money(f.open.gross, f.currency)}</td>
      <td className="has-text-right">{f.invoices}</td>
      <td className="has-text-right">{f.credit_notes}</td>
    </>
  );
  const label = (r: RevenueRow) =>
    r.key === null && group !== 'month' ? t(`revenue.none.${group}`) : (r.label ?? r.key ?? '');
  return (
    <Table
      headers={[
        t(`revenue.groups.${group}`),
        t('revenue.currency'),
        `${t('revenue.paid')} ${t('revenue.net')}`,
        `${t('revenue.paid')} ${t('revenue.vat')}`,
        `${t('revenue.paid')} ${t('revenue.gross')}`,
        `${t('revenue.open')} ${t('revenue.net')}`,
        `${t('revenue.open')} ${t('revenue.vat')}`,
        `${t('revenue.open')} ${t('revenue.gross')}`,
        t('revenue.invoices'),
        t('revenue.creditNotes'),
      ]}
      labelledBy="admin-page-title"
      testId="revenue-table"
    >
      {rows.map((r) => (
        <tr key={`${r.key ?? ''}-${r.currency}`} data-testid="revenue-row">
          <th scope="row">{label(r)}</th>
          {cells(r)}
        </tr>
      ))}
      {totals.map((total) => (
        <tr key={`total-${total.currency}`} className="has-text-weight-bold" data-testid="revenue-total">
          <th scope="row">{t('revenue.total')}</th>
          {cells(total)}
        </tr>
      ))}
    </Table>
  );
}
