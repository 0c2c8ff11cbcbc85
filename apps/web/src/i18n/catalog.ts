/**
 * The UI catalogs (issue 34: split by page). Per language there is a core catalog every page
 * needs (`i18n/{de,en}.json`) and parts that only some pages need: each feature's catalog
 * (`features/<name>/i18n/{de,en}.json`, part `<name>`), a feature's smaller sub-part
 * (`features/<name>/i18n/<sub>/{de,en}.json`, part `<name>/<sub>`, e.g. the texts a learner sees
 * of the MC tests and of the progress) and page groups of the app's own texts (`i18n/<part>/`: `legal` the legal
 * texts, `catalogue` the home page and the catalogue, `account`, `authoring` the upload and
 * editor texts, `todos`). Each part is its own chunk
 * per language; a page names the parts it shows in its `PageDef.i18n` (app/pages*.ts), its
 * route loads them before it renders (lib/i18n.ts `loadParts`), and `app/catalog-parts.test.ts` proves from
 * the source that every page's parts hold the keys its modules use. A part owns its keys:
 * `catalogs.test.ts` refuses a key defined twice.
 */
export type Tree = { [key: string]: string | Tree };

/** Every part; `app/catalog-parts.test.ts` checks that it is the list of part files. */
export const CATALOG_PARTS = [
  'account',
  'admin',
  'authoring',
  'catalogue',
  'companies',
  'invoices',
  'item-analysis',
  'learn',
  'legal',
  'mc-tests',
  'mc-tests/learner',
  'payments',
  'privacy',
  'progress',
  'progress/learner',
  'revenue',
  'todos',
  'vouchers',
] as const;

export type CatalogPart = (typeof CATALOG_PARTS)[number];

/** `target` with `source` merged in; copies along the merged paths, never changes either tree. */
export function mergeTrees(target: Tree, source: Tree): Tree {
  const merged: Tree = { ...target };
  for (const [key, value] of Object.entries(source)) {
    const existing = merged[key];
    merged[key] =
      typeof value === 'object' && existing && typeof existing === 'object'
        ? mergeTrees(existing, value)
        : value;
  }
  return merged;
}

/** The part a catalog file holds, by its path (`…/features/mc-tests/i18n/learner/de.json`). */
export function partOfFile(file: string): string {
  const feature = /features\/([\w-]+)\/i18n\/(?:([\w-]+)\/)?(?:de|en)\.json$/.exec(file);
  if (feature) return feature[2] ? `${feature[1]}/${feature[2]}` : (feature[1] ?? file);
  const own = /(?:^\.|i18n)\/([\w-]+)\/(?:de|en)\.json$/.exec(file);
  return own?.[1] ?? file;
}

/** A language's part loaders by part name, from `import.meta.glob`'s loaders by file path. */
export function partLoaders(files: Record<string, () => Promise<Tree>>): Record<string, () => Promise<Tree>> {
  return Object.fromEntries(Object.entries(files).map(([file, load]) => [partOfFile(file), load]));
}

/** The core catalog with every part merged in (the server's and the tests' whole catalog). */
export function buildCatalog(base: Tree, parts: Record<string, Tree>): Tree {
  return Object.values(parts).reduce<Tree>((tree, part) => mergeTrees(tree, part), base);
}
