import { useTranslation } from 'react-i18next';
import { QueryState } from '@/components/query-state';
import { Table } from '@/components/ui/table';
import { useMyRefunds } from '../api/get-refunds';
import { useMoney } from './use-money';

/** "Rückerstattungen": the caller's refunds, their state and credit note (only when there are any). */
export function MyRefunds() {
  const { t } = useTranslation();
  const money = useMoney();
  const query = useMyRefunds();
  return (
    <QueryState query={query}>
      {(result) =>
        result.items.length === 0 ? null : (
          <section className="mt-6" aria-labelledby="my-refunds-title">
            <h2 className="title is-4" id="my-refunds-title">
              {t('payments.refunds.title')}
            </h2>
            <Table
              headers={[
                t('payments.list.seminar'),
                t('payments.list.amount'),
                t('payments.list.status'),
                t('payments.refunds.creditNote'),
                t('payments.list.date'),
              ]}
              labelledBy="my-refunds-title"
              testId="my-refunds"
            >
              {result.items.map((r) => (
                <tr key={r.id} data-testid="my-refund-row" data-status={r.status}>
                  <td>{r.seminar.title}</td>
                  <td>{money.amount(r.amount, r.currency)}</td>
                  <td>
                    <span className="tag is-light">{t(`payments.refunds.status.${r.status}`)}</span>
                  </td>
                  <td>
                    {r.credit_note_id ? (
                      <a href={`/api/invoices/${r.credit_note_id}/pdf`} data-testid="my-refund-credit-note">
                        {r.credit_note_number}
                      </a>
                    ) : (
                      '–'
                    )}
                  </td>
                  <td>{money.dateTime(r.created_at)}</td>
                </tr>
              ))}
            </Table>
          </section>
        )
      }
    </QueryState>
  );
}
