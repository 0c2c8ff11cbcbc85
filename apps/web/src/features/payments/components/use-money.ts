import { useTranslation } from 'react-i18next';
import { useLocale } from '@/hooks/use-locale';
import { dateTimeFormat, formatPrice } from '@/lib/format';

const INTL: Record<'de' | 'en', string> = { de: 'de-DE', en: 'en-US' };

/** Amounts (minor units) and payment dates in the page language. */
export function useMoney() {
  const { t } = useTranslation();
  const locale = useLocale();
  return {
    amount: (minor: number, currency: string) => formatPrice(minor, currency, locale, t('payments.free')),
    dateTime: (iso: string) => {
      const date = new Date(iso);
      return Number.isNaN(date.getTime())
        ? iso
        : dateTimeFormat(INTL[locale], { dateStyle: 'medium', timeStyle: 'short' }).format(date);
    },
  };
}
