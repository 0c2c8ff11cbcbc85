import { useTranslation } from 'react-i18next';
import { useLocale } from '@/hooks/use-locale';
import { formatDate, formatDateTime, formatPercent, formatPrice, numberFormat } from '@/lib/format';
import type { Locale } from '@/lib/locale';

/** amounts as the rest of the app shows them (lib/format) */
const MONEY_INTL: Record<Locale, string> = { de: 'de-DE', en: 'en-US' };

/** "First Last", or the username when both names are empty. */
export const personName = (person: { first_name: string; last_name: string; username: string }) =>
  `${person.first_name} ${person.last_name}`.trim() || person.username;

/** A moment (ISO string) with date and time in the page language (the app's one formatter). */
export { formatDateTime } from '@/lib/format';

/** A sum of money in minor units; unlike a price, 0 is "CHF 0.00" and not "free". */
export function formatSum(minor: number, currency: string, locale: Locale): string {
  try {
    return numberFormat(MONEY_INTL[locale], { style: 'currency', currency }).format(minor / 100);
  } catch {
    return `${(minor / 100).toFixed(2)} ${currency}`;
  }
}

/** Dates, moments and amounts (minor units) in the page language. */
export function useAdminFormat() {
  const { t } = useTranslation();
  const locale = useLocale();
  return {
    locale,
    date: (iso: string) => formatDate(iso, locale),
    dateTime: (iso: string) => formatDateTime(iso, locale),
    money: (minor: number, currency: string) => formatPrice(minor, currency, locale, t('admin.free')),
    /** an amount that is a sum (0 is "0.00", not "free") */
    sum: (minor: number, currency: string) => formatSum(minor, currency, locale),
    percent: (value: number) => formatPercent(value, locale, 1),
  };
}
