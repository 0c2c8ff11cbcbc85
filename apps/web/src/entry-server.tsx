/**
 * The server's entry (issue 34): renders a page of the app with React's own server renderer and
 * React Router's static handler, from the same route table, guards and loaders as the browser
 * (`router.tsx`, `middleware.ts`). Built by `vite build --ssr` into `dist/.ssr/` and loaded by
 * the Fastify server (`plugins/web-app.ts`), which asks the API through `fetch` in the visitor's
 * name. The browser hydrates what is rendered here (`main.tsx`) from the page's data block.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { Writable } from 'node:stream';
import { dehydrate } from '@tanstack/react-query';
import { renderToPipeableStream } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  isRouteErrorResponse,
  StaticRouterProvider,
} from 'react-router';
import { AppProvider } from '@/app/provider';
import { openingRoutes } from '@/app/router';
import { pageTitle } from '@/hooks/use-page-title';
import { authKeys } from '@/lib/auth';
import { i18n, loadCatalog } from '@/lib/i18n';
import { type Locale, localeFromPath } from '@/lib/locale';
import { createQueryClient } from '@/lib/query-client';
import { type RequestScope, setRequestScopeProvider } from '@/lib/request-scope';
import { scriptJson } from '@/lib/script-json';
import { setSiteOrigin } from '@/lib/site';
import type { PageData, SerializedError } from './page-data';

const scopes = new AsyncLocalStorage<RequestScope>();
setRequestScopeProvider(() => scopes.getStore());

export interface RenderRequest {
  /** the page's address as the visitor asked for it (path and query) */
  url: string;
  /** the site's public address (`APP_URL`), for absolute links */
  origin: string;
  /** the request's Cookie header */
  cookies: string;
  /** the API in the visitor's name */
  fetch: RequestScope['fetch'];
  /** stops the render (the visitor went away, or the server's time for a page ran out) */
  signal?: AbortSignal;
}

export type RenderResult =
  | { kind: 'redirect'; status: number; location: string }
  | {
      kind: 'page';
      status: number;
      locale: Locale;
      /** the tags of the page's head: title, description, canonical, alternates, link previews */
      head: string;
      /** the markup of #root */
      body: string;
      /** the data the browser hydrates from (JSON, safe inside a script element) */
      data: string;
      /** true when the page may be indexed (its page says so, `index`, it answered 200, to nobody) */
      indexable: boolean;
      /** the page holds a logged-in visitor's data (the API knew them): never kept for others */
      forUser: boolean;
    };

/** The hoisted tags React writes ahead of the markup (`<title>`, `<meta>`, `<link>`). */
const HOISTED = /^(?:<title>[^<]*<\/title>|<meta [^>]*>|<link [^>]*>)*/;

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The route errors as plain data (`main.tsx` makes them errors again). */
function serializeErrors(errors: Record<string, unknown> | null): Record<string, SerializedError> | null {
  if (!errors) return null;
  const out: Record<string, SerializedError> = {};
  for (const [id, error] of Object.entries(errors)) {
    out[id] = isRouteErrorResponse(error)
      ? { type: 'response', status: error.status, statusText: error.statusText, data: error.data }
      : { type: 'error', message: error instanceof Error ? error.message : String(error) };
  }
  return out;
}

/** React's markup of the element once everything in it is ready (no streaming of boundaries). */
function renderToHtml(element: React.ReactNode, signal?: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    let html = '';
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        html += chunk.toString('utf8');
        done();
      },
      final(done) {
        resolve(html);
        done();
      },
    });
    const stream = renderToPipeableStream(element, {
      onAllReady: () => stream.pipe(sink),
      // every boundary inline, none sent apart to be moved in by React's inline script (which the
      // CSP blocks): a form with the rich-text editor was past 12.8 KB, its editor stayed hidden
      // and hydration failed with React error #419
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onShellError: reject,
      onError: (error) => {
        // a boundary that failed renders its fallback; the browser tries it again
        if (!signal?.aborted) console.error(error);
      },
    });
    signal?.addEventListener('abort', () => {
      stream.abort(signal.reason);
      reject(signal.reason ?? new Error('aborted'));
    });
  });
}

let catalogs: Promise<unknown> | null = null;

/** Renders the page at `request.url`: a redirect (a guard said so) or the page's markup and data. */
export async function render(request: RenderRequest): Promise<RenderResult> {
  catalogs ??= Promise.all([loadCatalog('de'), loadCatalog('en')]);
  await catalogs;
  setSiteOrigin(request.origin);
  const url = new URL(request.url, request.origin);
  const locale = localeFromPath(url.pathname);
  const scope: RequestScope = {
    cookies: request.cookies,
    locale,
    fetch: request.fetch,
    i18n: i18n.cloneInstance({ lng: locale, initAsync: false }),
  };
  return scopes.run(scope, async () => {
    const queryClient = createQueryClient();
    const routes = openingRoutes({ queryClient }, url.pathname);
    const handler = createStaticHandler(routes);
    const context = await handler.query(new Request(url, { signal: request.signal }));
    if (context instanceof Response) {
      return { kind: 'redirect', status: context.status, location: context.headers.get('Location') ?? '/' };
    }
    const router = createStaticRouter(handler.dataRoutes, context);
    const html = await renderToHtml(
      <AppProvider queryClient={queryClient}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProvider>,
      request.signal,
    );
    const hoisted = HOISTED.exec(html)?.[0] ?? '';
    const body = html.slice(hoisted.length);
    const title = hoisted.includes('<title>')
      ? ''
      : `<title>${escapeHtml(scope.title ?? pageTitle(scope.i18n.t('app.name')))}</title>`;
    const description = hoisted.includes('name="description"')
      ? ''
      : `<meta name="description" content="${escapeHtml(scope.i18n.t('app.description'))}"/>`;
    const data: PageData = {
      origin: request.origin,
      router: {
        loaderData: context.loaderData,
        actionData: context.actionData,
        errors: serializeErrors(context.errors),
      },
      queries: dehydrate(queryClient),
    };
    const leaf = context.matches.at(-1)?.route.handle as { index?: true } | undefined;
    // whether the page was rendered for someone: the API's answer, whatever the server's plugin saw
    const forUser = queryClient.getQueryData(authKeys.user) != null;
    queryClient.clear();
    return {
      kind: 'page',
      status: context.statusCode,
      locale,
      head: title + description + hoisted,
      body,
      data: scriptJson(data),
      indexable: context.statusCode === 200 && leaf?.index === true && !forUser,
      forUser,
    };
  });
}
