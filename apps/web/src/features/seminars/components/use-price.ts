import { useTranslation } from 'react-i18next';
import { useLocale } from '@/hooks/use-locale';
import { formatPrice } from '@/lib/format';

/** Formats a seminar price (minor units) in the page language; "Kostenlos"/"Free" for 0. */
export function usePriceFormat(): (minor: number, currency: string) => string {
  const { t } = useTranslation();
  const locale = useLocale();
  return (minor, currency) => formatPrice(minor, currency, locale, t('seminar.free'));
}

export const ownerName = (owner: { first_name: string; last_name: string; username: string }) =>
  `${owner.first_name} ${owner.last_name}`.trim() || owner.username;
