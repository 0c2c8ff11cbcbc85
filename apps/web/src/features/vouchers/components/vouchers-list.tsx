import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AppLink } from '@/components/app-link';
import { QueryState } from '@/components/query-state';
import { EmptyState } from '@/components/ui/empty-state';
import { Pagination } from '@/components/ui/pagination';
import { useLocale } from '@/hooks/use-locale';
import { formatDate } from '@/lib/format';
import { useVouchers } from '../api/vouchers';
import { voucherValue } from './voucher-value';

/** `/admin/vouchers`: every voucher with its value, validity, caps and redemptions. */
export function VouchersList() {
  const { t } = useTranslation();
  const locale = useLocale();
  const [params] = useSearchParams();
  const page = Number(params.get('page') ?? '1') || 1;
  const query = useVouchers(page);
  return (
    <>
      <p className="mb-4">
        <AppLink to="/admin/vouchers/new" className="button is-primary" data-testid="voucher-new">
          {t('vouchers.new')}
        </AppLink>
      </p>
      <QueryState query={query}>
        {(result) =>
          result.total === 0 ? (
            <EmptyState title={t('vouchers.empty')} testId="vouchers-empty" />
          ) : (
            <>
              <p className="mb-3 has-text-grey">{t('vouchers.count', { count: result.total })}</p>
              <div className="table-container">
                <table className="table is-fullwidth is-striped" aria-labelledby="admin-page-title">
                  <thead>
                    <tr>
                      <th>{t('vouchers.code')}</th>
                      <th>{t('vouchers.value')}</th>
                      <th>{t('vouchers.validity')}</th>
                      <th>{t('vouchers.seminars')}</th>
                      <th>{t('vouchers.redeemed')}</th>
                      <th>{t('vouchers.state')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {result.data.map((v) => (
                      <tr key={v.id} data-testid="voucher-row">
                        <td>
                          <AppLink to={`/admin/vouchers/${v.id}`}>{v.code}</AppLink>
                        </td>
                        <td>{voucherValue(v, locale)}</td>
                        <td>
                          {v.valid_from ? formatDate(v.valid_from, locale) : '–'} –{' '}
                          {v.valid_to ? formatDate(v.valid_to, locale) : '–'}
                        </td>
                        <td>
                          {v.all_seminars
                            ? t('vouchers.allSeminars')
                            : v.seminars.map((s) => s.title).join(', ')}
                        </td>
                        <td data-testid="voucher-redeemed">
                          {v.total_cap === null
                            ? t('vouchers.uses', { count: v.redeemed })
                            : t('vouchers.usesOf', { count: v.redeemed, cap: v.total_cap })}
                          {v.held ? ` (${t('vouchers.held', { count: v.held })})` : null}
                        </td>
                        <td>
                          <span className={`tag ${v.active ? 'is-success' : 'is-light'}`}>
                            {v.active ? t('vouchers.active') : t('vouchers.inactive')}
                          </span>
                        </td>
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
    </>
  );
}
