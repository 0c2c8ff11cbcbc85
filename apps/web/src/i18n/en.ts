/** The whole en catalog; imported on demand (its own chunk) by lib/i18n.ts. */

import { buildCatalog, type Tree } from './catalog';
import base from './en.json';

/** The feature catalogs of this language, by file path (also read by the catalog test). */
export const features = import.meta.glob<Tree>('../features/*/i18n/en.json', {
  eager: true,
  import: 'default',
});

export const catalog = buildCatalog(base, features);
