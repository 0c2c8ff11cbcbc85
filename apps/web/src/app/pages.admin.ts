/** The administration pages (merged into PAGES by ./pages.ts). */
import type { PageDef } from './page-types';

export const ADMIN_PAGES: PageDef[] = [];
