/**
 * What a page rendered on the server needs of its request (issue 34): the visitor's cookies, the
 * page's language and a `fetch` that asks the API in the visitor's name. The server's entry
 * (`entry-server.tsx`) provides it per request (AsyncLocalStorage); in the browser there is none,
 * and the modules read `document.cookie` and call `fetch` as before.
 */
import type { i18n as I18n } from 'i18next';
import type { Locale } from './locale';

export interface RequestScope {
  /** the request's `Cookie` header */
  cookies: string;
  /** the page's language (the locale middleware sets it) */
  locale: Locale;
  /** the API in the visitor's name: a path below the site (`/api/...`) */
  fetch: (input: string, init?: RequestInit) => Promise<Response>;
  /** this request's translations (a clone of the app's i18next in the page's language) */
  i18n: I18n;
  /** the document title a page asked for (`usePageTitle`), for the rendered `<title>` */
  title?: string;
}

let provider: () => RequestScope | undefined = () => undefined;

/** The server's entry names where the current request's scope is found. */
export function setRequestScopeProvider(next: () => RequestScope | undefined): void {
  provider = next;
}

/** The scope of the request being rendered on the server; undefined in the browser. */
export function requestScope(): RequestScope | undefined {
  return provider();
}
