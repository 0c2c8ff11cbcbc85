import { INVOICE_STATES } from '@elearn/shared';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { QueryState } from '@/components/query-state';
import { EmptyState } from '@/components/ui/empty-state';
import { Pagination } from '@/components/ui/pagination';
import { type AdminInvoiceFilter, invoiceExportUrl, useAdminInvoices } from '../api/invoices';
import { CamtImport } from './camt-import';
import { InvoiceTable } from './invoice-table';

const FILTERS = ['year', 'state', 'company_id'] as const;

/** `/admin/invoices`: every invoice and credit note, filtered by year, state and company; export. */
export function AdminInvoices() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const filter: AdminInvoiceFilter = Object.fromEntries(FILTERS.map((f) => [f, params.get(f) ?? '']));
  const page = Number(params.get('page') ?? '1') || 1;
  const query = useAdminInvoices({ ...filter, page });
  const set = (name: (typeof FILTERS)[number], value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    next.delete('page');
    setParams(next);
  };
  const thisYear = new Date().getFullYear();
  return (
    <>
      <form
        className="columns is-multiline"
        data-testid="invoice-filters"
        onSubmit={(e) => e.preventDefault()}
      >
        <div className="column is-narrow field">
          <label className="label" htmlFor="invoice-year">
            {t('invoices.year')}
          </label>
          <div className="select">
            <select id="invoice-year" value={filter.year} onChange={(e) => set('year', e.target.value)}>
              <option value="">{t('invoices.any')}</option>
              {[0, 1, 2, 3].map((back) => (
                <option key={back} value={thisYear - back}>
                  {thisYear - back}
                </option>
              ))}
            </select>
          </div>
        </div>
        <div className="column is-narrow field">
          <label className="label" htmlFor="invoice-state">
            {t('invoices.state')}
          </label>
          <div className="select">
            <select id="invoice-state" value={filter.state} onChange={(e) => set('state', e.target.value)}>
              <option value="">{t('invoices.any')}</option>
              {INVOICE_STATES.map((s) => (
                <option key={s} value={s}>
                  {t(`invoices.states.${s}`)}
                </option>
              ))}
            </select>
          </div>
        </div>
        <div className="column is-narrow field">
          <label className="label" htmlFor="invoice-company">
            {t('invoices.companyId')}
          </label>
          <input
            id="invoice-company"
            className="input"
            inputMode="numeric"
            value={filter.company_id}
            onChange={(e) => set('company_id', e.target.value.replace(/\D/g, ''))}
          />
        </div>
        <div className="column is-narrow field is-flex is-align-items-flex-end">
          <a
            className="button is-link is-light"
            href={invoiceExportUrl(filter)}
            data-testid="invoices-export"
          >
            {t('invoices.export')}
          </a>
        </div>
      </form>
      <QueryState query={query}>
        {(result) =>
          result.total === 0 ? (
            <EmptyState title={t('invoices.noMatch')} testId="admin-invoices-empty" />
          ) : (
            <>
              <p className="mb-3 has-text-grey">{t('invoices.count', { count: result.total })}</p>
              <InvoiceTable invoices={result.data} labelledBy="admin-page-title" showBuyer markPaid />
              <Pagination current={result.current_page} last={result.last_page} />
            </>
          )
        }
      </QueryState>
      <CamtImport />
    </>
  );
}
