import type { SeatPackageDto } from '@elearn/shared';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/empty-state';
import { Table } from '@/components/ui/table';
import { useLocale } from '@/hooks/use-locale';
import { formatDate, formatPrice } from '@/lib/format';
import { useSeatPackages } from '../api/get-seat-packages';

/** a package's state as managers read it: valid, expired, refunded or waiting for its payment */
function stateOf(p: SeatPackageDto): 'valid' | 'expired' | 'refunded' | 'pending' {
  if (p.status === 'pending' || p.status === 'refunded') return p.status;
  return p.expired ? 'expired' : 'valid';
}

/** The company's seat packages (issue 38 item 4): seats left and the last valid day of each. */
export function SeatPackagesTable({ packages }: { packages: SeatPackageDto[] }) {
  const { t } = useTranslation();
  const locale = useLocale();
  if (packages.length === 0)
    return <EmptyState title={t('company.seats.none')} testId="seat-packages-empty" />;
  return (
    <Table
      headers={[
        t('company.seats.seminar'),
        t('company.seats.left'),
        t('company.seats.validUntil'),
        t('company.seats.price'),
        t('company.seats.state'),
      ]}
      testId="seat-packages"
    >
      {packages.map((p) => (
        <tr key={p.id} data-testid="seat-package" data-package-id={p.id} data-state={stateOf(p)}>
          <td>{p.seminar.title}</td>
          <td data-testid="seat-package-left">
            {t('company.seats.leftOf', { left: p.seats_left, count: p.seats })}
          </td>
          <td>
            {t('company.seats.period', {
              from: formatDate(p.valid_from, locale),
              until: formatDate(p.valid_until, locale),
            })}
          </td>
          <td>{formatPrice(p.unit_price, p.currency, locale, '–')}</td>
          <td>{t(`company.seats.states.${stateOf(p)}`)}</td>
        </tr>
      ))}
    </Table>
  );
}

/** The packages of one company (and seminar), loaded. */
export function CompanySeatPackages({ companyId, seminarId }: { companyId: number; seminarId?: number }) {
  const query = useSeatPackages(companyId, seminarId);
  if (query.isPending || !query.data) return null;
  return <SeatPackagesTable packages={query.data} />;
}
