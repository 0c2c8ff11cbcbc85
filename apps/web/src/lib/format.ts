import type { Locale } from './locale';

const INTL_LOCALE: Record<Locale, string> = { de: 'de-DE', en: 'en-US' };

/**
 * Intl formatters, made once per language and options: constructing one costs far more than
 * formatting with it (the chapter player formats a percent per chapter and test while it renders).
 */
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let f = formatters.get(key) as T | undefined;
  if (!f) {
    f = make();
    formatters.set(key, f);
  }
  return f;
}
export const numberFormat = (locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat =>
  cached(`n|${locale}|${JSON.stringify(options)}`, () => new Intl.NumberFormat(locale, options));
export const dateTimeFormat = (
  locale: string,
  options: Intl.DateTimeFormatOptions = {},
): Intl.DateTimeFormat =>
  cached(`d|${locale}|${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(locale, options));

/** A price in minor units (Rappen/cents) with its currency; `free` for 0. */
export function formatPrice(minor: number, currency: string, locale: Locale, free: string): string {
  if (minor === 0) return free;
  try {
    return numberFormat(INTL_LOCALE[locale], { style: 'currency', currency }).format(minor / 100);
  } catch {
    return `${(minor / 100).toFixed(2)} ${currency}`;
  }
}

/**
 * A percentage (0–100) in the page language through Intl.NumberFormat's style `percent`:
 * "62,5 %" in German, "62.5%" in English; "–" for none. The one place that formats a percent:
 * the catalogs' texts take it formatted (`{{percent}}`, never `{{percent}} %`).
 */
export function formatPercent(
  value: number | null | undefined,
  locale: Locale,
  maximumFractionDigits = 2,
): string {
  if (value === null || value === undefined || Number.isNaN(value)) return '–';
  return numberFormat(INTL_LOCALE[locale], { style: 'percent', maximumFractionDigits }).format(value / 100);
}

/**
 * The time zone dates are shown in: the platform's (Swiss) one, not the machine's, so the server's
 * rendering and the browser's hydration write the same day (a visitor elsewhere got a hydration
 * mismatch, React error 418, for a date near midnight; issue 34).
 */
export const SITE_TIME_ZONE = 'Europe/Zurich';

/** A date (ISO string) in the page language, as the day it is in Switzerland. */
export function formatDate(iso: string, locale: Locale): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return dateTimeFormat(INTL_LOCALE[locale], { dateStyle: 'medium', timeZone: SITE_TIME_ZONE }).format(date);
}

/** Bytes as "1.2 MB" / "340 KB". */
export function formatBytes(bytes: number, locale: Locale): string {
  const format = (value: number) =>
    numberFormat(INTL_LOCALE[locale], { maximumFractionDigits: 1 }).format(value);
  if (bytes >= 1024 * 1024) return `${format(bytes / 1024 / 1024)} MB`;
  if (bytes >= 1024) return `${format(bytes / 1024)} KB`;
  return `${bytes} B`;
}
