import { useTranslation } from 'react-i18next';
import { QueryState } from '@/components/query-state';
import { useMyInvoices } from '../api/invoices';
import { InvoiceTable } from './invoice-table';

/** "Rechnungen": the caller's invoices (and those of companies they manage), under the payments. */
export function MyInvoices() {
  const { t } = useTranslation();
  const query = useMyInvoices(1);
  return (
    <section className="mt-6" aria-labelledby="my-invoices-title">
      <h2 className="title is-4" id="my-invoices-title">
        {t('invoices.title')}
      </h2>
      <QueryState query={query}>
        {(result) =>
          result.total === 0 ? (
            <p className="has-text-grey" data-testid="invoices-empty">
              {t('invoices.empty')}
            </p>
          ) : (
            <InvoiceTable invoices={result.data} labelledBy="my-invoices-title" />
          )
        }
      </QueryState>
    </section>
  );
}
