import { isApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import type { Locale } from '@/lib/locale';

/** A moment (ISO string) with date and time in the page language, the month in words. */
export const formatMoment = (iso: string, locale: Locale): string => formatDateTime(iso, locale, 'long');

/** The server's reason (already in the page language: a refusal says why), else the fallback. */
export function privacyErrorText(error: unknown, fallback: string): string {
  if (isApiError(error)) {
    const fields = Object.values(error.errors).flat().filter(Boolean);
    if (fields.length > 0) return fields.join(' ');
    return error.message || fallback;
  }
  return error instanceof Error && error.message ? error.message : fallback;
}
