/**
 * Messages the server sends (errors, validation) and the forms show, in both languages (one
 * module per language: ./messages.de.ts, ./messages.en.ts; both at once: ./message-tables.ts).
 * Keys are semantic; `{name}` placeholders are filled from params.
 */

export const LOCALES = ['de', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'de';

export type { MessageKey, MessageParams } from './message-format.ts';
export { encodeMessage, localizeWith } from './message-format.ts';
export { isMessageKey, localizeMessage, MESSAGES, t } from './message-tables.ts';

/** Picks `de` or `en` from an Accept-Language header (q-values honoured); German by default. */
export function pickLocale(acceptLanguage: string | undefined | null): Locale {
  if (!acceptLanguage) return DEFAULT_LOCALE;
  const ranked = acceptLanguage
    .split(',')
    .map((part) => {
      const [tag = '', ...rest] = part.trim().split(';');
      const q = rest.find((r) => r.trim().startsWith('q='));
      return { tag: tag.toLowerCase(), q: q ? Number(q.trim().slice(2)) || 0 : 1 };
    })
    .sort((a, b) => b.q - a.q);
  for (const { tag } of ranked) {
    const base = tag.split('-')[0];
    if (base === 'de' || base === 'en') return base;
  }
  return DEFAULT_LOCALE;
}
