import { formatDateTime as formatMoment } from '@/lib/format';
import type { Locale } from '@/lib/locale';

/** A percentage (0–100, up to two decimals) as "62,5 %" / "62.5%" (the app's one helper). */
export { formatPercent } from '@/lib/format';

/** Date and time (ISO string) in the page language. */
export function formatDateTime(iso: string | null | undefined, locale: Locale): string {
  return iso ? formatMoment(iso, locale) : '–';
}

/** Plain text of a (server-sanitized) question label, for titles, options and aria labels. */
export function plainText(html: string): string {
  const text = html
    .replace(/<\/(p|div|h[1-6]|li|br)\s*>/gi, ' ')
    .replace(/<br\s*\/?>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
  return text.replace(/\s+/g, ' ').trim();
}

/** At most `max` characters, with an ellipsis. */
export function shorten(text: string, max = 80): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}
