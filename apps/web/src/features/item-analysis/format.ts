import { numberFormat } from '@/lib/format';
import type { Locale } from '@/lib/locale';

const INTL: Record<Locale, string> = { de: 'de-DE', en: 'en-US' };

/** An index (facility 0..1, discrimination −1..1) with two decimals, or "–". */
export function formatIndex(value: number | null, locale: Locale): string {
  if (value === null) return '–';
  return numberFormat(INTL[locale], { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value);
}

/** A share 0..1 as a percentage, or "–". */
export function formatShare(value: number | null, locale: Locale): string {
  if (value === null) return '–';
  return numberFormat(INTL[locale], { style: 'percent', maximumFractionDigits: 1 }).format(value);
}

/** The pool editor of one question. */
export const questionEditorPath = (questionId: number) => `/mcTest/QuestionPool?question=${questionId}`;
