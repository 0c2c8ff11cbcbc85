import type { QueryClient } from '@tanstack/react-query';
import {
  createBrowserRouter,
  data,
  type LoaderFunctionArgs,
  matchRoutes,
  type RouteObject,
} from 'react-router';
import { PageLoader } from '@/components/layout/page-loader';
import { loginHref } from '@/config/paths';
import { setUnauthorizedHandler } from '@/lib/api-client';
import { setCurrentUser } from '@/lib/auth';
import { loadChunk, setChunkReloadTarget } from '@/lib/chunk-reload';
import { applyLocale } from '@/lib/i18n';
import { type Locale, localeFromPath, localizePath } from '@/lib/locale';
import { setPrefetcher } from '@/lib/prefetch';
import { ErrorPage, RootErrorPage } from './error-page';
import { FirstFrame } from './first-frame';
import { createMiddlewareContext, middlewareChain, runMiddleware } from './middleware';
import type { LayoutName, PageDef, RouteHandle } from './page-types';
import { PAGES } from './pages';
import { RootShell } from './root-shell';

type LayoutModule = { Component: React.ComponentType };

/**
 * The layouts, each its own chunk: loaded with the page (in parallel, rendered together), so a
 * guest's home page carries neither the author's side menus nor the admin area.
 */
const LAYOUTS: Record<LayoutName, () => Promise<LayoutModule>> = {
  default: () => import('./layouts/default-layout').then((m) => ({ Component: m.DefaultLayout })),
  hero: () => import('./layouts/hero-layout').then((m) => ({ Component: m.HeroLayout })),
  noAuth: () => import('./layouts/no-auth-layout').then((m) => ({ Component: m.NoAuthLayout })),
  admin: () => import('./layouts/admin-layout').then((m) => ({ Component: m.AdminLayout })),
  trainer: () => import('./layouts/trainer-layout').then((m) => ({ Component: m.TrainerLayout })),
  seminar: () => import('./layouts/seminar-layout').then((m) => ({ Component: m.SeminarLayout })),
  seminarSide: () =>
    import('./layouts/seminar-side-layout').then((m) => ({ Component: m.SeminarSideLayout })),
  chapter: () => import('./layouts/chapter-layout').then((m) => ({ Component: m.ChapterLayout })),
  mcTest: () => import('./layouts/mc-test-layout').then((m) => ({ Component: m.McTestLayout })),
  mcTestSide: () => import('./layouts/mc-test-side-layout').then((m) => ({ Component: m.McTestSideLayout })),
};

const LOCALES: Locale[] = ['de', 'en'];

/** Never rendered: the catch-all route's loader always throws the 404. */
function NotFoundPlaceholder() {
  return null;
}

/** Thrown for "no such page": the error page shows "Page not found". */
export const notFound = () => data({ message: 'This page could not be found' }, { status: 404 });

interface BuildOptions {
  queryClient: QueryClient;
  pages?: PageDef[];
}

/**
 * Makes the route table's parts. Every page exists once in German (no prefix) and once in
 * English (`/en`); each language is a subtree of its own below the root.
 */
function routeBuilder({ queryClient, pages = PAGES }: BuildOptions) {
  let initial = true;
  const takeInitial = () => {
    const value = initial;
    initial = false;
    return value;
  };

  const pageRoute = (page: PageDef, locale: Locale): RouteObject => {
    const relative = page.path.replace(/^\//, '');
    const handle: RouteHandle = {
      id: page.id,
      path: page.path,
      layout: page.layout,
      auth: page.auth,
      middleware: page.middleware,
      locale,
    };
    return {
      id: `${locale}:${page.id}`,
      ...(relative === '' ? { index: true } : { path: relative }),
      handle,
      loader: async ({ request, params }: LoaderFunctionArgs) => {
        const module = loadChunk(page.load);
        module.catch(() => {}); // reported through `lazy` when the page is shown
        const ctx = createMiddlewareContext(queryClient, page, new URL(request.url), locale, takeInitial());
        // the user look-up (one shared query) runs beside the catalog and the page's chunks, not
        // after them: the auth middleware then finds it answered or on its way (issue 13). The
        // page's language is set first: requests name it in Accept-Language.
        applyLocale(locale).catch(() => {});
        ctx.user().catch(() => {});
        await runMiddleware(middlewareChain(page), ctx);
        const { check, prefetch } = await module;
        if (check && !check(params)) throw notFound();
        await prefetch?.(queryClient, params, new URL(request.url)).catch(() => {});
        return null;
      },
      lazy: async () => ({ Component: (await loadChunk(page.load)).default }),
      ErrorBoundary: ErrorPage,
      HydrateFallback: PageLoader,
    };
  };

  const notFoundRoute = (locale: Locale): RouteObject => ({
    id: `${locale}:not-found`,
    path: '*',
    handle: { id: 'not-found', path: '/', layout: 'default', auth: false, locale } satisfies RouteHandle,
    loader: async ({ request }: LoaderFunctionArgs) => {
      const page = { id: 'not-found', path: '/', layout: 'default', auth: false } as const;
      const ctx = createMiddlewareContext(queryClient, page, new URL(request.url), locale, takeInitial());
      await runMiddleware(['locale'], ctx);
      throw notFound();
    },
    Component: NotFoundPlaceholder,
    ErrorBoundary: ErrorPage,
    HydrateFallback: PageLoader,
  });

  const localeRoutes = (locale: Locale): RouteObject[] =>
    (Object.keys(LAYOUTS) as LayoutName[]).map((layout) => ({
      id: `${locale}:layout:${layout}`,
      lazy: () => loadChunk(LAYOUTS[layout]),
      children: [
        ...pages.filter((page) => page.layout === layout).map((page) => pageRoute(page, locale)),
        ...(layout === 'default' ? [notFoundRoute(locale)] : []),
      ],
    }));

  /** One language's subtree, a child of the root route. */
  const localeTree = (locale: Locale): RouteObject =>
    locale === 'de'
      ? { id: 'de', children: localeRoutes('de') }
      : { id: 'en', path: 'en', children: localeRoutes('en') };

  const table = (locales: Locale[]): RouteObject[] => [
    {
      id: 'root',
      Component: RootShell,
      ErrorBoundary: RootErrorPage,
      // the first load shows the server's frame until the page is there (issue 13)
      HydrateFallback: FirstFrame,
      children: locales.map(localeTree),
    },
  ];

  return { localeTree, table };
}

/** The whole route table, both languages. */
export function buildRoutes(options: BuildOptions): RouteObject[] {
  return routeBuilder(options).table(LOCALES);
}

type PatchRoutes = NonNullable<Parameters<typeof createBrowserRouter>[1]>['patchRoutesOnNavigation'];
type RouterFactory = (
  routes: RouteObject[],
  options: { patchRoutesOnNavigation: PatchRoutes },
) => ReturnType<typeof createBrowserRouter>;

export interface CreateAppRouterOptions extends BuildOptions {
  /** The address the app opens at (default: the window's); its language's routes come first. */
  initialPath?: string;
  /** Tests pass `createMemoryRouter`. */
  createRouter?: RouterFactory;
}

/**
 * Builds the router and wires the app-wide hooks: chunk prefetch and the 401 handler.
 *
 * The router starts with the routes of the opening page's language only; the other language's
 * subtree is added when the app goes there or prefetches a page of it (issue 13: ranking the
 * table is the router's largest start-up cost, and it grows with the number of routes).
 */
export function createAppRouter({
  queryClient,
  pages = PAGES,
  initialPath = window.location.pathname,
  createRouter = (routes, options) => createBrowserRouter(routes, options),
}: CreateAppRouterOptions) {
  const builder = routeBuilder({ queryClient, pages });
  const first = localeFromPath(initialPath);
  const present = new Set<Locale>([first]);
  /** Adds a language's subtree unless it is there; through `patch` while navigating. */
  const ensureLocale = (locale: Locale, patch: (routeId: string, children: RouteObject[]) => void) => {
    if (present.has(locale)) return;
    present.add(locale);
    patch('root', [builder.localeTree(locale)]);
  };
  const router = createRouter(builder.table([first]), {
    patchRoutesOnNavigation: ({ path, patch }) => ensureLocale(localeFromPath(path), patch),
  });
  const byId = new Map(pages.map((page) => [page.id, page]));

  setPrefetcher((path) => {
    ensureLocale(localeFromPath(path), (routeId, children) => router.patchRoutes(routeId, children));
    for (const match of matchRoutes(router.routes as RouteObject[], path) ?? []) {
      const handle = match.route.handle as RouteHandle | undefined;
      const page = handle && byId.get(handle.id);
      page?.load().catch(() => {});
      if (page) LAYOUTS[page.layout]().catch(() => {});
    }
  });

  setChunkReloadTarget(() => {
    const target = router.state.navigation.location;
    return target ? router.createHref(target) : null;
  });

  setUnauthorizedHandler(() => {
    setCurrentUser(queryClient, null);
    const { location, matches } = router.state;
    const handle = matches.at(-1)?.route.handle as RouteHandle | undefined;
    if (handle && (handle.auth ?? true) === true) {
      const login = localizePath('/login', localeFromPath(location.pathname));
      void router.navigate(loginHref(login, `${location.pathname}${location.search}`));
    }
  });

  return router;
}

export type AppRouter = ReturnType<typeof createAppRouter>;
