import type { EXTRA_PAGE_ROUTES, PAGE_ROUTES } from '@elearn/shared';
import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import type { Params } from 'react-router';
import type { CatalogPart } from '@/i18n/catalog';

/** A route of @elearn/shared's list (spec section 2 plus the admin/trainer extras). */
export type PagePath = (typeof PAGE_ROUTES)[number] | (typeof EXTRA_PAGE_ROUTES)[number];

export type LayoutName =
  | 'default'
  | 'hero'
  | 'noAuth'
  | 'admin'
  | 'trainer'
  | 'seminar'
  | 'seminarSide'
  | 'chapter'
  | 'mcTest'
  | 'mcTestSide';

/**
 * What a page declares (like Nuxt's page meta). The default middlewares `locale` and `auth` run
 * on every page; `auth` requires a login unless the page says `auth: false` (public) or
 * `auth: 'guest'` (only for logged-out visitors, e.g. login). `middleware` adds more guards.
 */
export interface PageMeta {
  id: string;
  path: PagePath;
  layout: LayoutName;
  auth?: boolean | 'guest';
  middleware?: string[];
  /**
   * `false`: the layout leaves out the new-app banner (issue 32 item 13: pages outsiders open, such
   * as the certificate check).
   */
  newAppBanner?: false;
  /**
   * `true`: search engines may index the page (the sitemap's pages, modules/site/site.pages.ts,
   * and the public seminar pages); every other page is `noindex` (issue 34).
   */
  index?: true;
}

export interface PageModule {
  default: ComponentType;
  /** When it returns false for the route params, the not-found page is shown. */
  check?: (params: Params) => boolean;
  /**
   * The data the page shows first, loaded before it renders (the router's loader awaits it), so
   * the page appears once, complete, instead of growing as its queries answer (issue 13). A
   * failure is left to the page's own query, which shows it.
   */
  prefetch?: (queryClient: QueryClient, params: Params, url: URL) => Promise<unknown>;
}

export interface PageDef extends PageMeta {
  load: () => Promise<PageModule>;
  /**
   * The parts of the UI catalog the page and its layout show beyond the core (issue 34,
   * i18n/catalog.ts): loaded before the page renders. `app/catalog-parts.test.ts` checks them against
   * the keys the page's and the layout's modules use.
   */
  i18n?: CatalogPart[];
}

/** Stored in each route's `handle`. */
export interface RouteHandle extends PageMeta {
  locale: 'de' | 'en';
}
