import type { Locale, VoucherDto } from '@elearn/shared';
import { formatPercent, formatPrice } from '@/lib/format';

/** `25 %` or `CHF 50.00` */
export const voucherValue = (v: Pick<VoucherDto, 'kind' | 'value' | 'currency'>, locale: Locale) =>
  v.kind === 'percent' ? formatPercent(v.value, locale) : formatPrice(v.value, v.currency, locale, '0');
