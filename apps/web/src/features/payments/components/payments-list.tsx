import { useTranslation } from 'react-i18next';
import { AppLink } from '@/components/app-link';
import { QueryState } from '@/components/query-state';
import { ButtonLink } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Pagination } from '@/components/ui/pagination';
import { Table } from '@/components/ui/table';
import { usePayments } from '../api/get-payments';
import { PaymentStatusTag } from './payment-status-tag';
import { useMoney } from './use-money';

/** The caller's payment attempts, newest first, one page at a time (`?page=` in the URL). */
export function PaymentsList({ page }: { page: number }) {
  const { t } = useTranslation();
  const money = useMoney();
  const query = usePayments(page);
  return (
    <QueryState query={query}>
      {(result) =>
        result.total === 0 ? (
          <EmptyState title={t('payments.list.empty')} testId="payments-empty">
            <ButtonLink to="/seminar" variant="primary">
              {t('payments.list.browse')}
            </ButtonLink>
          </EmptyState>
        ) : (
          <>
            <Table
              headers={[
                t('payments.list.seminar'),
                t('payments.list.amount'),
                t('payments.list.status'),
                t('payments.list.date'),
              ]}
              labelledBy="payments-title"
              testId="payments-table"
            >
              {result.data.map((payment) => (
                <tr key={payment.id} data-testid="payment-row" data-booking-id={payment.booking_id}>
                  <td>
                    <AppLink to={`/payment/booking/${payment.booking_id}`}>{payment.seminar.title}</AppLink>
                  </td>
                  <td>{money.amount(payment.amount, payment.currency)}</td>
                  <td>
                    <PaymentStatusTag status={payment.status} />
                  </td>
                  <td>{money.dateTime(payment.paid_at ?? payment.created_at)}</td>
                </tr>
              ))}
            </Table>
            <Pagination current={result.current_page} last={result.last_page} />
          </>
        )
      }
    </QueryState>
  );
}
