/*
 * The app: hydrates the page the server rendered, or renders it (the development server). It is
 * loaded by `boot.ts` once the server's markup has been painted.
 */
import { hydrate } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { createAppRouter, hydrateAppRouter } from '@/app/router';
import { installPreloadErrorHandler } from '@/lib/chunk-reload';
import { applyLocale } from '@/lib/i18n';
import { warmIntlOffThread } from '@/lib/intl-warmup';
import { localeFromPath } from '@/lib/locale';
import { createQueryClient } from '@/lib/query-client';
import { setSiteOrigin } from '@/lib/site';
import { hydrationState, readPageData } from './page-data';

warmIntlOffThread();

const locale = localeFromPath(window.location.pathname);
// the page's language catalog loads beside the page's chunks
const catalog = applyLocale(locale);
catalog.catch(() => {});

installPreloadErrorHandler();

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing in index.html');
const pageData = readPageData();

/**
 * A page the server rendered (issue 34) is hydrated: the query cache and the router start from
 * the server's data, the matched modules and the language's catalog are loaded first, so the
 * first render is the server's markup and nothing is fetched again.
 */
async function hydratePage(data: NonNullable<typeof pageData>, container: HTMLElement) {
  setSiteOrigin(data.origin);
  const queryClient = createQueryClient();
  hydrate(queryClient, data.queries);
  const location = `${window.location.pathname}${window.location.search}`;
  const [router] = await Promise.all([
    hydrateAppRouter({ queryClient, hydrationData: hydrationState(data), location }),
    catalog,
  ]);
  // in a transition, React hydrates in slices and yields to the browser between them: the
  // visitor can scroll and click the server's markup while the app takes it over
  startTransition(() => {
    hydrateRoot(
      container,
      <StrictMode>
        <App queryClient={queryClient} router={router} />
      </StrictMode>,
    );
  });
}

/** Without the server's render (the development server) the app renders in the browser. */
function renderPage(container: HTMLElement) {
  const queryClient = createQueryClient();
  const router = createAppRouter({ queryClient });
  createRoot(container).render(
    <StrictMode>
      <App queryClient={queryClient} router={router} />
    </StrictMode>,
  );
}

if (pageData)
  hydratePage(pageData, root).catch((error: unknown) => {
    // a module that did not load (the chunk handler reloads once): the browser's own render
    console.error(error);
    renderPage(root);
  });
else renderPage(root);
