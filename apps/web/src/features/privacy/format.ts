import { isApiError } from '@/lib/api-client';
import { dateTimeFormat } from '@/lib/format';
import type { Locale } from '@/lib/locale';

const INTL: Record<Locale, string> = { de: 'de-CH', en: 'en-GB' };

/** A moment (ISO string) with date and time in the page language. */
export function formatMoment(iso: string, locale: Locale): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return dateTimeFormat(INTL[locale], { dateStyle: 'long', timeStyle: 'short' }).format(date);
}

/** The server's reason (already in the page language: a refusal says why), else the fallback. */
export function privacyErrorText(error: unknown, fallback: string): string {
  if (isApiError(error)) {
    const fields = Object.values(error.errors).flat().filter(Boolean);
    if (fields.length > 0) return fields.join(' ');
    return error.message || fallback;
  }
  return error instanceof Error && error.message ? error.message : fallback;
}
