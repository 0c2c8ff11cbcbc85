/** The payments feature's pages (merged into PAGES by ./pages.ts). */
import type { PageDef } from './page-types';

export const PAYMENTS_PAGES: PageDef[] = [];
