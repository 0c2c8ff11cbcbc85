/**
 * Both languages' whole catalogs (core and every part), loaded at once: for the tests only (the
 * component tests find every text ready, the catalog tests check every file). The app loads the
 * core and its page's parts, lib/i18n.ts.
 */
import { buildCatalog, partOfFile, type Tree } from './catalog';
import de from './de.json';
import en from './en.json';

const files = {
  de: import.meta.glob<Tree>(['../features/*/i18n/de.json', '../features/*/i18n/*/de.json', './*/de.json'], {
    eager: true,
    import: 'default',
  }),
  en: import.meta.glob<Tree>(['../features/*/i18n/en.json', '../features/*/i18n/*/en.json', './*/en.json'], {
    eager: true,
    import: 'default',
  }),
};

/** The part files of a language, by file path. */
export const partFiles = files;

/** The parts of a language by part name. */
export const partsOf = (locale: 'de' | 'en'): Record<string, Tree> =>
  Object.fromEntries(Object.entries(files[locale]).map(([file, tree]) => [partOfFile(file), tree]));

export const wholeCatalog = {
  de: buildCatalog(de, partsOf('de')),
  en: buildCatalog(en, partsOf('en')),
};
