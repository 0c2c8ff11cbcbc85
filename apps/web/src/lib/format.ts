import type { Locale } from './locale';

const INTL_LOCALE: Record<Locale, string> = { de: 'de-DE', en: 'en-US' };
/** moments (date and time): a 24-hour clock in both languages, as Swiss readers expect */
const MOMENT_LOCALE: Record<Locale, string> = { de: 'de-DE', en: 'en-GB' };

/**
 * The time zone dates and times are shown in: the platform's (Swiss) one, not the machine's, so
 * the server's rendering and the browser's hydration write the same (a visitor elsewhere got a
 * hydration mismatch, React error 418, for a date near midnight; issue 34). Every date and time
 * the app shows is formatted here.
 */
export const SITE_TIME_ZONE = 'Europe/Zurich';

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
/**
 * A date formatter; in the platform's time zone (`SITE_TIME_ZONE`) unless the options name
 * another, never in the machine's: the server and a visitor's browser must write the same.
 */
export const dateTimeFormat = (
  locale: string,
  options: Intl.DateTimeFormatOptions = {},
): Intl.DateTimeFormat => {
  const zoned = { timeZone: SITE_TIME_ZONE, ...options };
  return cached(`d|${locale}|${JSON.stringify(zoned)}`, () => new Intl.DateTimeFormat(locale, zoned));
};

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

/** A date (ISO string) in the page language, as the day it is in Switzerland. */
export function formatDate(iso: string, locale: Locale): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return dateTimeFormat(INTL_LOCALE[locale], { dateStyle: 'medium' }).format(date);
}

/**
 * A moment (ISO string) with date and time in the page language, as the clock in Switzerland
 * reads it ("05.03.2026, 11:00", "5 Mar 2026, 11:00"; `long`: "5. März 2026 um 11:00");
 * the text itself when it is no date.
 */
export function formatDateTime(iso: string, locale: Locale, dateStyle: 'medium' | 'long' = 'medium'): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return dateTimeFormat(MOMENT_LOCALE[locale], { dateStyle, timeStyle: 'short' }).format(date);
}

/** The year it is in Switzerland (the footer's ©): `now` in milliseconds. */
export function siteYear(now: number): number {
  return Number(dateTimeFormat('en-GB', { year: 'numeric' }).format(now));
}

/** Bytes as "1.2 MB" / "340 KB". */
export function formatBytes(bytes: number, locale: Locale): string {
  const format = (value: number) =>
    numberFormat(INTL_LOCALE[locale], { maximumFractionDigits: 1 }).format(value);
  if (bytes >= 1024 * 1024) return `${format(bytes / 1024 / 1024)} MB`;
  if (bytes >= 1024) return `${format(bytes / 1024)} KB`;
  return `${bytes} B`;
}
