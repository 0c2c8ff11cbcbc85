import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { CATALOG_PARTS, type CatalogPart, mergeTrees, type Tree } from '@/i18n/catalog';
import { loadChunk } from './chunk-reload';
import { DEFAULT_LOCALE, type Locale } from './locale';
import { requestScope } from './request-scope';

type CatalogModule = { catalog: Tree; parts: Record<string, () => Promise<Tree>> };

/**
 * One chunk per language: a page loads only the catalog of its own language, its core and the
 * parts the page names (issue 34; i18n/catalog.ts).
 */
const CATALOGS: Record<Locale, () => Promise<CatalogModule>> = {
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

/**
 * i18next's `addResourceBundle` with the option its typings leave out: by default it copies a
 * bundle through JSON.stringify and JSON.parse and merges it key by key, the whole catalog on the
 * main thread while the page starts. The catalog modules are never changed, so they are stored
 * as they are (issue 13); a part is merged into what is there by `mergeTrees`, which copies only
 * along the merged paths.
 */
const addBundle = i18n.addResourceBundle as (
  lng: string,
  ns: string,
  resources: Tree,
  deep: boolean,
  overwrite: boolean,
  options: { silent: boolean; skipCopy: boolean },
) => unknown;

/** Adds `tree` (the core or a part) to the language's catalog, beside what is there. */
function addTree(locale: Locale, tree: Tree): void {
  const current = i18n.getResourceBundle(locale, 'translation') as Tree | undefined;
  const next = current ? mergeTrees(current, tree) : tree;
  addBundle.call(i18n, locale, 'translation', next, false, true, { silent: false, skipCopy: true });
}

/** What is loaded or loading, per language: `core` and part names (a failed load is forgotten). */
const loading = new Map<string, Promise<void>>();

/** The parts some page asked for: a switch of language loads them in the new language too. */
const wanted = new Set<CatalogPart>();

function once(key: string, load: () => Promise<void>): Promise<void> {
  let pending = loading.get(key);
  if (!pending) {
    pending = load().catch((error: unknown) => {
      loading.delete(key);
      throw error;
    });
    loading.set(key, pending);
  }
  return pending;
}

/** The parts of `locale` (each once), the core first (a part merges into it). */
function loadPartsOf(locale: Locale, parts: readonly CatalogPart[]): Promise<void> {
  return Promise.all(
    parts.map((part) =>
      once(`${locale}:${part}`, async () => {
        // through loadChunk: offline it waits for the network, as the page's own chunks do
        const [{ parts: loaders }] = await Promise.all([loadChunk(CATALOGS[locale]), loadCore(locale)]);
        const load = loaders[part];
        if (!load) throw new Error(`no catalog part ${part} (${locale})`);
        addTree(locale, await loadChunk(load));
      }),
    ),
  ).then(() => undefined);
}

function loadCore(locale: Locale): Promise<void> {
  return once(`${locale}:core`, async () => addTree(locale, (await loadChunk(CATALOGS[locale])).catalog));
}

/**
 * Loads the catalog of `locale` once (a failed load is retried on the next call): its core and
 * the parts pages asked for so far; on the server (the SSR build) every part, as it renders any page.
 */
export function loadCatalog(locale: Locale): Promise<void> {
  const parts = import.meta.env.SSR ? CATALOG_PARTS : [...wanted];
  return Promise.all([loadCore(locale), loadPartsOf(locale, parts)]).then(() => undefined);
}

/**
 * Loads the catalog parts a page shows in `locale` (its route's loader awaits them before the
 * page renders); later switches of language load them too.
 */
export function loadParts(locale: Locale, parts: readonly CatalogPart[] | undefined): Promise<void> {
  if (!parts?.length) return Promise.resolve();
  for (const part of parts) wanted.add(part);
  return loadPartsOf(locale, parts);
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
    await loadCatalog(locale);
    if (scope.i18n.language !== locale) await scope.i18n.changeLanguage(locale);
    return;
  }
  pageLocale = locale;
  await loadCatalog(locale);
  if (i18n.language !== locale) await i18n.changeLanguage(locale);
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}

/** The translations of the page being rendered: the request's on the server, else the app's. */
export function pageI18n() {
  return requestScope()?.i18n ?? i18n;
}

export { i18n };
