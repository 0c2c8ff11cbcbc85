/** The mc-tests feature's pages (merged into PAGES by ./pages.ts). */
import type { PageDef } from './page-types';

export const MC_TESTS_PAGES: PageDef[] = [];
