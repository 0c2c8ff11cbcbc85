/**
 * The en catalog, imported on demand (its own chunk) by lib/i18n.ts: the core every page needs,
 * and the loaders of the parts (each its own chunk) that the pages which show them load.
 */

import { partLoaders, type Tree } from './catalog';
import base from './en.json';

export const catalog: Tree = base;

export const parts = partLoaders(
  import.meta.glob<Tree>(['../features/*/i18n/en.json', '../features/*/i18n/*/en.json', './*/en.json'], {
    import: 'default',
  }),
);
