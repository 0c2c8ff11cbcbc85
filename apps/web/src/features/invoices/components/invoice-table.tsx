import type { InvoiceDto } from '@elearn/shared';
import { useTranslation } from 'react-i18next';
import { Table } from '@/components/ui/table';
import { useLocale } from '@/hooks/use-locale';
import { formatDate, formatPercent, formatPrice } from '@/lib/format';
import { invoicePdfUrl } from '../api/invoices';
import { MarkPaidButton } from './mark-paid-button';

/** Invoices and credit notes with their totals, state and a PDF link (buyers' and admins' lists). */
export function InvoiceTable({
  invoices,
  labelledBy,
  showBuyer = false,
  markPaid = false,
}: {
  invoices: InvoiceDto[];
  labelledBy: string;
  showBuyer?: boolean;
  /** admins: an open invoice can be marked paid (issue 38 item 3) */
  markPaid?: boolean;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const money = (minor: number, currency: string) => formatPrice(minor, currency, locale, '0');
  return (
    <Table
      headers={[
        t('invoices.number'),
        t('invoices.date'),
        ...(showBuyer ? [t('invoices.buyer')] : []),
        t('invoices.description'),
        t('invoices.total'),
        t('invoices.state'),
        t('invoices.pdf'),
      ]}
      labelledBy={labelledBy}
      testId="invoices-table"
    >
      {invoices.map((invoice) => (
        <tr key={invoice.id} data-testid="invoice-row" data-number={invoice.number}>
          <td>
            {invoice.number}
            {invoice.kind === 'credit_note' ? (
              <p className="is-size-7 has-text-grey">
                {t('invoices.creditNoteFor', { number: invoice.credits_number ?? '' })}
              </p>
            ) : null}
            {invoice.payment_reference && invoice.state === 'open' ? (
              <p
                className="is-size-7 has-text-grey is-family-monospace"
                data-testid="invoice-payment-reference"
              >
                {invoice.payment_reference}
              </p>
            ) : null}
            {markPaid ? <MarkPaidButton invoice={invoice} /> : null}
          </td>
          <td>{formatDate(invoice.issued_at, locale)}</td>
          {showBuyer ? (
            <td>
              {invoice.buyer.company ? <strong>{invoice.buyer.company}</strong> : null}
              <p>{invoice.buyer.name}</p>
              {invoice.buyer.reference ? (
                <p className="is-size-7 has-text-grey">
                  {t('invoices.reference')}: {invoice.buyer.reference}
                </p>
              ) : null}
            </td>
          ) : null}
          <td>{invoice.lines.map((l) => l.description).join(', ')}</td>
          <td>
            {money(invoice.gross_total, invoice.currency)}
            <p className="is-size-7 has-text-grey">
              {t('invoices.vatIncluded', {
                rate: formatPercent(invoice.vat_rate, locale),
                amount: money(invoice.vat_total, invoice.currency),
              })}
            </p>
          </td>
          <td>
            <span className={`tag ${invoice.state === 'paid' ? 'is-success' : 'is-warning'} is-light`}>
              {t(`invoices.states.${invoice.state}`)}
            </span>
            {invoice.reminders ? (
              <p className="is-size-7 has-text-grey" data-testid="invoice-reminders">
                {t('invoices.reminders', {
                  count: invoice.reminders.count,
                  date: formatDate(invoice.reminders.last_at, locale),
                })}
              </p>
            ) : null}
          </td>
          <td>
            <a href={invoicePdfUrl(invoice.id)} download data-testid="invoice-pdf">
              {t('invoices.download')}
            </a>
          </td>
        </tr>
      ))}
    </Table>
  );
}
