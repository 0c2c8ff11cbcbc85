import { useTranslation } from 'react-i18next';
import { useLocale } from '@/hooks/use-locale';
import { formatDateTime, formatPrice } from '@/lib/format';

/** Amounts (minor units) and payment dates in the page language. */
export function useMoney() {
  const { t } = useTranslation();
  const locale = useLocale();
  return {
    amount: (minor: number, currency: string) => formatPrice(minor, currency, locale, t('payments.free')),
    dateTime: (iso: string) => formatDateTime(iso, locale),
  };
}
