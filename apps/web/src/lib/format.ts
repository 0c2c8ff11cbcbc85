import type { Locale } from './locale';

const INTL_LOCALE: Record<Locale, string> = { de: 'de-DE', en: 'en-US' };

/** A price in minor units (Rappen/cents) with its currency; `free` for 0. */
export function formatPrice(minor: number, currency: string, locale: Locale, free: string): string {
  if (minor === 0) return free;
  try {
    return new Intl.NumberFormat(INTL_LOCALE[locale], { style: 'currency', currency }).format(minor / 100);
  } catch {
    return `${(minor / 100).toFixed(2)} ${currency}`;
  }
}

/** A date (ISO string) in the page language. */
export function formatDate(iso: string, locale: Locale): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(INTL_LOCALE[locale], { dateStyle: 'medium' }).format(date);
}

/** Bytes as "1.2 MB" / "340 KB". */
export function formatBytes(bytes: number, locale: Locale): string {
  const format = (value: number) =>
    new Intl.NumberFormat(INTL_LOCALE[locale], { maximumFractionDigits: 1 }).format(value);
  if (bytes >= 1024 * 1024) return `${format(bytes / 1024 / 1024)} MB`;
  if (bytes >= 1024) return `${format(bytes / 1024)} KB`;
  return `${bytes} B`;
}
