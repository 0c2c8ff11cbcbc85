import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Tree } from '@/i18n/catalog';
import { DEFAULT_LOCALE, type Locale } from './locale';
import { requestScope } from './request-scope';

/** One chunk per language: a page loads only the catalog of its own language. */
const CATALOGS: Record<Locale, () => Promise<{ catalog: Tree }>> = {
  de: () => import('@/i18n/de'),
  en: () => import('@/i18n/en'),
};

void i18n.use(initReactI18next).init({
  resources: {},
  lng: DEFAULT_LOCALE,
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: ['de', 'en'],
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
  showSupportNotice: false,
});

const loading = new Map<Locale, Promise<void>>();

/**
 * i18next's `addResourceBundle` with the option its typings leave out: by default it copies a
 * bundle through JSON.stringify and JSON.parse and merges it key by key, the whole catalog on the
 * main thread while the page starts. The catalog modules are never changed, so they are stored
 * as they are (issue 13).
 */
const addBundle = i18n.addResourceBundle as (
  lng: string,
  ns: string,
  resources: Tree,
  deep: boolean,
  overwrite: boolean,
  options: { silent: boolean; skipCopy: boolean },
) => unknown;

/** Loads the catalog of `locale` once (a failed load is retried on the next call). */
export function loadCatalog(locale: Locale): Promise<void> {
  if (i18n.hasResourceBundle(locale, 'translation')) return Promise.resolve();
  let pending = loading.get(locale);
  if (!pending) {
    pending = CATALOGS[locale]().then(
      ({ catalog }) => {
        addBundle.call(i18n, locale, 'translation', catalog, false, true, { silent: false, skipCopy: true });
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

/** The page's language (set at once by `applyLocale`, even while its catalog still loads). */
let pageLocale: Locale = DEFAULT_LOCALE;

export function currentLocale(): Locale {
  return requestScope()?.locale ?? pageLocale;
}

/** Switches the UI language (called by the `locale` middleware from the URL prefix). */
export async function applyLocale(locale: Locale): Promise<void> {
  const scope = requestScope();
  if (scope) {
    // on the server the page's language is the request's, never the shared instance's
    scope.locale = locale;
    if (!i18n.hasResourceBundle(locale, 'translation')) await loadCatalog(locale);
    if (scope.i18n.language !== locale) await scope.i18n.changeLanguage(locale);
    return;
  }
  pageLocale = locale;
  if (!i18n.hasResourceBundle(locale, 'translation')) await loadCatalog(locale);
  if (i18n.language !== locale) await i18n.changeLanguage(locale);
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}

/** The translations of the page being rendered: the request's on the server, else the app's. */
export function pageI18n() {
  return requestScope()?.i18n ?? i18n;
}

export { i18n };
