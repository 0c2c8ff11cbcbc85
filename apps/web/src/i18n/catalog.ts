/**
 * The UI catalogs: the app's base catalog (`i18n/{de,en}.json`) plus one catalog per feature
 * (`features/<name>/i18n/{de,en}.json`), merged into one tree per language. A feature owns its
 * top-level namespaces; `catalogs.test.ts` refuses a key defined twice.
 */
import baseDe from './de.json';
import baseEn from './en.json';

type Tree = { [key: string]: string | Tree };

const featureCatalogs = import.meta.glob<Tree>('../features/*/i18n/*.json', {
  eager: true,
  import: 'default',
});

/** The feature catalogs of one language, by file path (read by the catalog test). */
export function featureCatalogsOf(locale: 'de' | 'en'): [string, Tree][] {
  return Object.entries(featureCatalogs).filter(([path]) => path.endsWith(`/${locale}.json`));
}

function merge(target: Tree, source: Tree): Tree {
  for (const [key, value] of Object.entries(source)) {
    const existing = target[key];
    target[key] =
      typeof value === 'object' && existing && typeof existing === 'object'
        ? merge({ ...existing }, value)
        : value;
  }
  return target;
}

function build(base: Tree, locale: 'de' | 'en'): Tree {
  return featureCatalogsOf(locale).reduce<Tree>((tree, [, catalog]) => merge(tree, catalog), merge({}, base));
}

export const catalogs = { de: build(baseDe, 'de'), en: build(baseEn, 'en') };
