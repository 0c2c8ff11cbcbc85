/**
 * Encoded messages (`@validation.min?min=8`) and their text, without the tables of
 * ./messages.ts: a form module needs these, not both languages' tables (issue 34).
 */
import type { de } from './messages.de.ts';

export type MessageKey = keyof typeof de;

export type MessageParams = Record<string, string | number>;

/**
 * Validation messages travel inside zod issues as encoded keys (`@validation.min?min=8`), so one
 * schema serves both sides; {@link localizeMessage} turns them into text for a locale.
 */
export function encodeMessage(key: MessageKey, params?: MessageParams): string {
  if (!params) return `@${key}`;
  const query = Object.entries(params)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
    .join('&');
  return `@${key}?${query}`;
}

/**
 * {@link localizeMessage} with the table of one language (`de` of ./messages.de.ts, `en` of
 * ./messages.en.ts): the web app loads only its page's (issue 34). Unknown keys stay as they are.
 */
export function localizeWith(table: Readonly<Record<string, string>>, raw: string): string {
  if (!raw.startsWith('@')) return raw;
  const [key = '', query = ''] = raw.slice(1).split('?');
  if (!Object.hasOwn(table, key)) return raw;
  const params: MessageParams = {};
  for (const part of query ? query.split('&') : []) {
    const [k = '', v = ''] = part.split('=');
    params[decodeURIComponent(k)] = decodeURIComponent(v);
  }
  const template = table[key] ?? key;
  return template.replace(/\{(\w+)\}/g, (m, name: string) => String(params[name] ?? m));
}
