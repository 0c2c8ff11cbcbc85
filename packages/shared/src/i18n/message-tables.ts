/**
 * Both languages' message tables and what reads them (the server; ./messages.ts re-exports it
 * all). A module of its own, so a module that needs only `DEFAULT_LOCALE` or `encodeMessage`
 * does not bring both tables into a web page (issue 34).
 */
import { localizeWith, type MessageKey, type MessageParams } from './message-format.ts';
import { de } from './messages.de.ts';
import { en } from './messages.en.ts';
import type { Locale } from './messages.ts';

export const MESSAGES: Record<Locale, Record<MessageKey, string>> = { de, en };

export function t(locale: Locale, key: MessageKey, params?: MessageParams): string {
  const template = MESSAGES[locale][key] ?? MESSAGES.de[key] ?? key;
  return params ? template.replace(/\{(\w+)\}/g, (m, name: string) => String(params[name] ?? m)) : template;
}

export const isMessageKey = (key: string): key is MessageKey => Object.hasOwn(de, key);

export function localizeMessage(locale: Locale, raw: string): string {
  return localizeWith(MESSAGES[locale], raw);
}
