/**
 * The UI catalogs: the app's base catalog (`i18n/{de,en}.json`) plus one catalog per feature
 * (`features/<name>/i18n/{de,en}.json`), merged into one tree per language. A feature owns its
 * top-level namespaces; `catalogs.test.ts` refuses a key defined twice.
 *
 * The app loads one language only (`de.ts` / `en.ts`, each its own chunk, see lib/i18n.ts);
 * this module holds the shared merge and, for tests, both languages.
 */
export type Tree = { [key: string]: string | Tree };

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

/** The base catalog with every feature catalog of the same language merged in. */
export function buildCatalog(base: Tree, features: Record<string, Tree>): Tree {
  return Object.values(features).reduce<Tree>((tree, catalog) => merge(tree, catalog), merge({}, base));
}
