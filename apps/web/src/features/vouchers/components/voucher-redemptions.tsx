import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { QueryState } from '@/components/query-state';
import { EmptyState } from '@/components/ui/empty-state';
import { Pagination } from '@/components/ui/pagination';
import { useLocale } from '@/hooks/use-locale';
import { formatDateTime, formatPrice } from '@/lib/format';
import { useRedemptions } from '../api/vouchers';

/** A voucher's redemptions: who, which seminar, how much, and whether paid, pending or released. */
export function VoucherRedemptions({ id, currency }: { id: number; currency: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [params] = useSearchParams();
  const page = Number(params.get('page') ?? '1') || 1;
  const query = useRedemptions(id, page);
  return (
    <section className="mt-6">
      <h2 className="title is-5" id="voucher-redemptions-title">
        {t('vouchers.redemptions')}
      </h2>
      <QueryState query={query}>
        {(result) =>
          result.total === 0 ? (
            <EmptyState title={t('vouchers.noRedemptions')} testId="redemptions-empty" />
          ) : (
            <>
              <div className="table-container">
                <table className="table is-fullwidth" aria-labelledby="voucher-redemptions-title">
                  <thead>
                    <tr>
                      <th>{t('vouchers.date')}</th>
                      <th>{t('vouchers.buyer')}</th>
                      <th>{t('vouchers.seminar')}</th>
                      <th>{t('vouchers.discount')}</th>
                      <th>{t('vouchers.state')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {result.data.map((r) => (
                      <tr key={r.id} data-testid="redemption-row">
                        <td>{formatDateTime(r.created_at, locale)}</td>
                        <td>
                          {r.user.name} <span className="has-text-grey">{r.user.email}</span>
                        </td>
                        <td>{r.seminar.title}</td>
                        <td>{formatPrice(r.discount, currency, locale, '0')}</td>
                        <td>{t(`vouchers.statuses.${r.status}`)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <Pagination current={result.current_page} last={result.last_page} />
            </>
          )
        }
      </QueryState>
    </section>
  );
}
