import type { QueryClient } from '@tanstack/react-query';
import {
  createBrowserRouter,
  data,
  type HydrationState,
  type LoaderFunctionArgs,
  matchRoutes,
  type RouteObject,
} from 'react-router';
import { PageLoader } from '@/components/layout/page-loader';
import { loginHref } from '@/config/paths';
import { isApiError, setUnauthorizedHandler } from '@/lib/api-client';
import { setCurrentUser } from '@/lib/auth';
import { loadChunk, setChunkReloadTarget } from '@/lib/chunk-reload';
import { applyLocale, loadParts } from '@/lib/i18n';
import { type Locale, localeFromPath, localizePath, stripLocale } from '@/lib/locale';
import { setPrefetcher } from '@/lib/prefetch';
import { ErrorPage, RootErrorPage } from './error-page';
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
      ...(page.newAppBanner === false ? { newAppBanner: false } : {}),
      ...(page.index ? { index: true } : {}),
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
        // the catalog parts the page shows beyond the core (issue 34), beside its chunks
        const parts = loadParts(locale, page.i18n);
        parts.catch(() => {});
        ctx.user().catch(() => {});
        await runMiddleware(middlewareChain(page), ctx);
        const [{ check, prefetch }] = await Promise.all([module, parts]);
        if (check && !check(params)) throw notFound();
        // the page's own subject is missing (its API answers 404): the page is, too (status 404 on
        // the server); any other failure shows in the page, which asks again
        await prefetch?.(queryClient, params, new URL(request.url)).catch((error: unknown) => {
          if (isApiError(error) && error.status === 404) throw notFound();
        });
        return null;
      },
      // with its catalog parts: a hydrating router renders at once, without running the loader
      lazy: async () => {
        const [{ default: Component }] = await Promise.all([
          loadChunk(page.load),
          loadParts(locale, page.i18n),
        ]);
        return { Component };
      },
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
      // the user too, as on every public page: the navbar renders once, the same on the server
      await runMiddleware(['locale', 'auth'], ctx);
      throw notFound();
    },
    Component: NotFoundPlaceholder,
    ErrorBoundary: ErrorPage,
    HydrateFallback: PageLoader,
  });

  /** A layout's route with the given pages below it (the not-found page belongs to `default`). */
  const layoutRoute = (locale: Locale, layout: LayoutName, below: PageDef[]): RouteObject => ({
    id: `${locale}:layout:${layout}`,
    lazy: () => loadChunk(LAYOUTS[layout]),
    children: [
      ...below.map((page) => pageRoute(page, locale)),
      ...(layout === 'default' ? [notFoundRoute(locale)] : []),
    ],
  });

  /** The layouts of `below` (and `default`, home of the not-found page), in the table's order. */
  const localeRoutes = (locale: Locale, below: PageDef[]): RouteObject[] =>
    (Object.keys(LAYOUTS) as LayoutName[])
      .filter((layout) => layout === 'default' || below.some((page) => page.layout === layout))
      .map((layout) =>
        layoutRoute(
          locale,
          layout,
          below.filter((page) => page.layout === layout),
        ),
      );

  /**
   * The pages a language's subtree starts with: `below` and always the home page, else `/en`
   * would match the bare `en` route (it has a path) and show nothing, without asking for more.
   */
  const withHome = (below: PageDef[]) =>
    below.some((page) => page.path === '/')
      ? below
      : [...pages.filter((page) => page.path === '/'), ...below];

  /** One language's subtree with the given pages (and its home page), a child of the root route. */
  const localeTree = (locale: Locale, below: PageDef[] = pages): RouteObject =>
    locale === 'de'
      ? { id: 'de', children: localeRoutes('de', withHome(below)) }
      : { id: 'en', path: 'en', children: localeRoutes('en', withHome(below)) };

  const table = (locales: Locale[], below: PageDef[] = pages): RouteObject[] => [
    {
      id: 'root',
      Component: RootShell,
      ErrorBoundary: RootErrorPage,
      HydrateFallback: PageLoader,
      children: locales.map((locale) => localeTree(locale, below)),
    },
  ];

  /** The pages the router starts with at `path`: those that could be there, and the home page. */
  const openingPages = (path: string) => withHome(candidatePages(pages, path));
  /** The table the router starts with at `path`, in its language. */
  const opening = (path: string) => table([localeFromPath(path)], openingPages(path));

  return { localeTree, layoutRoute, pageRoute, table, opening, openingPages, withHome };
}

/** The whole route table, both languages. */
export function buildRoutes(options: BuildOptions): RouteObject[] {
  return routeBuilder(options).table(LOCALES);
}

/** The table the router starts with at `path` (`createAppRouter`'s, for the route tests). */
export function openingRoutes(options: BuildOptions, path: string): RouteObject[] {
  return routeBuilder(options).opening(path);
}

type PatchRoutes = NonNullable<Parameters<typeof createBrowserRouter>[1]>['patchRoutesOnNavigation'];
type RouterFactory = (
  routes: RouteObject[],
  options: { patchRoutesOnNavigation: PatchRoutes; hydrationData?: HydrationState },
) => ReturnType<typeof createBrowserRouter>;

export interface CreateAppRouterOptions extends BuildOptions {
  /** The address the app opens at (default: the window's); its language's routes come first. */
  initialPath?: string;
  /** Tests pass `createMemoryRouter`. */
  createRouter?: RouterFactory;
  /** The server's render of the opening page (`page-data.ts`): the router starts from it. */
  hydrationData?: HydrationState;
}

/**
 * Loads the lazy parts (layout and page modules) of the routes that match `path`, into the
 * route objects themselves: a router that hydrates the server's markup must render the page at
 * once, not its fallback while the modules load (React Router's advice for lazy routes and SSR).
 */
export async function loadMatchedRoutes(routes: RouteObject[], path: string): Promise<void> {
  const matches = matchRoutes(routes, path) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, loaded, { lazy: undefined });
    }),
  );
}

/** `pattern`'s segments could match `segments`: statics equal (case aside), parameters anything. */
function couldMatch(pattern: string[], segments: string[]): boolean {
  const [head, ...rest] = pattern;
  if (head === undefined) return segments.length === 0;
  if (head === '*') return true;
  const optional = head.endsWith('?');
  if (optional && couldMatch(rest, segments)) return true;
  const [segment, ...after] = segments;
  if (segment === undefined) return false;
  const name = optional ? head.slice(0, -1) : head;
  return (name.startsWith(':') || name.toLowerCase() === segment.toLowerCase()) && couldMatch(rest, after);
}

const decodeSegment = (segment: string) => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

/**
 * The pages that could be the one at `path` (of either language; a query or hash is ignored):
 * every page the router would match is among them, so a table of these pages finds the same page
 * as the whole table.
 */
export function candidatePages(pages: PageDef[], path: string): PageDef[] {
  const pathname = path.split(/[?#]/)[0] ?? '/';
  const segments = stripLocale(pathname).split('/').filter(Boolean).map(decodeSegment);
  return pages.filter((page) => couldMatch(page.path.split('/').filter(Boolean), segments));
}

/**
 * Builds the router and wires the app-wide hooks: chunk prefetch and the 401 handler.
 *
 * The router starts with the routes that could match the opening address only (its language's
 * home and not-found pages included); the pages of another address are added when the app goes there or
 * prefetches it (issue 13: ranking the table is the router's largest start-up cost, and it grows
 * with the number of routes it holds).
 */
export function createAppRouter({
  queryClient,
  pages = PAGES,
  initialPath = window.location.pathname,
  createRouter = (routes, options) => createBrowserRouter(routes, options),
  hydrationData,
  routes,
}: CreateAppRouterOptions & { routes?: RouteObject[] }) {
  const builder = routeBuilder({ queryClient, pages });
  /** the ids of the routes the table holds: languages, `${locale}:layout:…` and pages */
  const held = new Set<string>();
  const hold = (locale: Locale, below: PageDef[]) => {
    held.add(locale);
    for (const page of below) held.add(`${locale}:layout:${page.layout}`).add(`${locale}:${page.id}`);
    held.add(`${locale}:layout:default`);
  };
  /** Adds the pages that could be at `path` and are not held yet, through `patch`. */
  const addPagesOf = (path: string, patch: (routeId: string, children: RouteObject[]) => void) => {
    const locale = localeFromPath(path);
    const missing = candidatePages(pages, path).filter((page) => !held.has(`${locale}:${page.id}`));
    if (!held.has(locale)) {
      hold(locale, builder.withHome(missing));
      patch('root', [builder.localeTree(locale, missing)]);
      return;
    }
    for (const layout of new Set(missing.map((page) => page.layout))) {
      const below = missing.filter((page) => page.layout === layout);
      const layoutId = `${locale}:layout:${layout}`;
      if (held.has(layoutId))
        patch(
          layoutId,
          below.map((page) => builder.pageRoute(page, locale)),
        );
      else patch(locale, [builder.layoutRoute(locale, layout, below)]);
      hold(locale, below);
    }
  };
  hold(localeFromPath(initialPath), builder.openingPages(initialPath));
  const router = createRouter(routes ?? builder.opening(initialPath), {
    patchRoutesOnNavigation: ({ path, patch }) => addPagesOf(path, patch),
    ...(hydrationData ? { hydrationData } : {}),
  });
  const byId = new Map(pages.map((page) => [page.id, page]));

  setPrefetcher((path) => {
    addPagesOf(path, (routeId, children) => router.patchRoutes(routeId, children));
    for (const match of matchRoutes(router.routes as RouteObject[], path) ?? []) {
      const handle = match.route.handle as RouteHandle | undefined;
      const page = handle && byId.get(handle.id);
      page?.load().catch(() => {});
      if (page) LAYOUTS[page.layout]().catch(() => {});
      if (page) loadParts(localeFromPath(path), page.i18n).catch(() => {});
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

/**
 * The router of a page the server rendered: its opening table with the matched modules loaded,
 * started from the server's data, so the first render is the server's markup.
 */
export async function hydrateAppRouter(
  options: Omit<CreateAppRouterOptions, 'hydrationData'> & {
    hydrationData: HydrationState;
    location: string;
  },
): Promise<AppRouter> {
  const initialPath = options.initialPath ?? window.location.pathname;
  const routes = openingRoutes(options, initialPath);
  await loadMatchedRoutes(routes, options.location);
  return createAppRouter({ ...options, initialPath, routes });
}
