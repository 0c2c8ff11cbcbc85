import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AppLink } from '@/components/app-link';
import { QueryState } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Pagination } from '@/components/ui/pagination';
import { Table } from '@/components/ui/table';
import { useAdminPayments } from '../api/get-admin-payments';
import { activeFilterCount, PAYMENT_FILTERS, PAYMENT_STATUSES, readListQuery } from '../filters';
import { useAdminFormat } from '../format';
import { FilterForm } from './filter-form';
import { RefundPanel } from './refund-panel';
import { StatusTag } from './tags';
import '../admin.css';

/** `/admin/payments`: every payment, newest first, filtered by status and date range. */
export function PaymentsList() {
  const { t } = useTranslation();
  const format = useAdminFormat();
  const [params] = useSearchParams();
  const query = readListQuery(PAYMENT_FILTERS, params);
  const payments = useAdminPayments(query);
  const filtered = activeFilterCount(PAYMENT_FILTERS, params) > 0;
  // the payment whose refunds are open below its row
  const [refunding, setRefunding] = useState<number | null>(null);

  return (
    <>
      <FilterForm
        spec={PAYMENT_FILTERS}
        testId="payment-filters"
        fields={[
          {
            name: 'status',
            kind: 'select',
            label: t('admin.payments.status'),
            anyLabel: t('admin.filters.any'),
            options: PAYMENT_STATUSES.map((status) => ({
              value: status,
              label: t(`admin.status.${status}`),
            })),
          },
          { name: 'from', kind: 'date', label: t('admin.filters.from') },
          { name: 'to', kind: 'date', label: t('admin.filters.to') },
        ]}
      />
      <QueryState query={payments}>
        {(result) =>
          result.total === 0 ? (
            <EmptyState
              title={filtered ? t('admin.payments.noMatch') : t('admin.payments.empty')}
              testId="admin-payments-empty"
            />
          ) : (
            <>
              <p className="mb-3 has-text-grey">{t('admin.payments.total', { count: result.total })}</p>
              <Table
                headers={[
                  t('admin.payments.date'),
                  t('admin.payments.user'),
                  t('admin.payments.seminar'),
                  t('admin.payments.amount'),
                  t('admin.payments.status'),
                  t('admin.payments.provider'),
                  t('admin.payments.actions'),
                ]}
                labelledBy="admin-page-title"
                testId="admin-payments-table"
              >
                {result.data.map((payment) => (
                  <Fragment key={payment.id}>
                    <tr
                      data-testid="admin-payment-row"
                      data-status={payment.status}
                      data-payment-id={payment.id}
                    >
                      <td>
                        {format.dateTime(payment.created_at)}
                        {payment.paid_at ? (
                          <p className="is-size-7 has-text-grey">
                            {t('admin.payments.paidAt', { date: format.dateTime(payment.paid_at) })}
                          </p>
                        ) : null}
                      </td>
                      <td>
                        <AppLink to={`/admin/users/${payment.user.id}`}>{payment.user.username}</AppLink>
                        <p className="is-size-7 has-text-grey admin-break">{payment.user.email}</p>
                      </td>
                      <td>
                        <AppLink to={`/seminar/id/${payment.seminar.id}`}>{payment.seminar.title}</AppLink>
                      </td>
                      <td>{format.sum(payment.amount, payment.currency)}</td>
                      <td>
                        <StatusTag status={payment.status} />
                      </td>
                      <td>
                        {payment.provider}
                        <p className="is-size-7 has-text-grey admin-break">{payment.provider_id}</p>
                      </td>
                      <td>
                        {payment.status === 'paid' ||
                        // an open invoice is cancelled by a credit note the same way (issue 38)
                        (payment.provider === 'invoice' && payment.status === 'open') ? (
                          <Button
                            size="small"
                            aria-expanded={refunding === payment.id}
                            onClick={() => setRefunding(refunding === payment.id ? null : payment.id)}
                            data-testid="payment-refunds"
                          >
                            {t('admin.refunds.open')}
                          </Button>
                        ) : null}
                      </td>
                    </tr>
                    {refunding === payment.id ? (
                      <tr data-testid="admin-payment-refunds">
                        <td colSpan={7}>
                          <RefundPanel paymentId={payment.id} />
                        </td>
                      </tr>
                    ) : null}
                  </Fragment>
                ))}
              </Table>
              <Pagination current={result.current_page} last={result.last_page} />
            </>
          )
        }
      </QueryState>
    </>
  );
}
