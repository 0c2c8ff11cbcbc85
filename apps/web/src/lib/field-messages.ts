import { localizeWith } from '@elearn/shared';
import { useSyncExternalStore } from 'react';
import type { Locale } from './locale';

type Table = Readonly<Record<string, string>>;

/**
 * The shared messages that form fields show (`@validation.min?min=8`, @elearn/shared), one
 * chunk per language: a page loads its own language's table only, and only once a form has
 * something to say (issue 34: both tables came with every form).
 */
const TABLES: Record<Locale, () => Promise<Table>> = {
  de: () => import('@elearn/shared/i18n/messages.de').then((m) => m.de),
  en: () => import('@elearn/shared/i18n/messages.en').then((m) => m.en),
};

const tables = new Map<Locale, Table>();
const loading = new Map<Locale, Promise<void>>();
const listeners = new Set<() => void>();

/** Loads the table of `locale` once (a failed load is retried on the next call). */
export function loadFieldMessages(locale: Locale): Promise<void> {
  let pending = loading.get(locale);
  if (!pending) {
    pending = TABLES[locale]().then(
      (table) => {
        tables.set(locale, table);
        for (const listener of listeners) listener();
      },
      (error: unknown) => {
        loading.delete(locale);
        throw error;
      },
    );
    loading.set(locale, pending);
  }
  return pending;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/**
 * `message` as text of `locale`: an encoded key (`@…`) once the language's table is there (it is
 * loaded on first need, and nothing is shown until then, never the raw key); any other text as
 * it is. The form resolver loads the table before it reports a message (lib/form-resolver.ts).
 */
export function useLocalizedMessage(locale: Locale, message: string | undefined): string | undefined {
  const table = useSyncExternalStore(
    subscribe,
    () => tables.get(locale),
    () => tables.get(locale),
  );
  if (!message) return undefined;
  if (!message.startsWith('@')) return message;
  if (!table) {
    loadFieldMessages(locale).catch(() => {});
    return undefined;
  }
  return localizeWith(table, message);
}
