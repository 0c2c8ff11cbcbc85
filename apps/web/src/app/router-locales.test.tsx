import { act, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { prefetchPath } from '@/lib/prefetch';
import { renderApp } from '@/testing/test-utils';

type Router = ReturnType<typeof renderApp>['router'];

/** The language subtrees below the root route, in the order the router holds them. */
const languages = (router: Router) => (router.routes[0]?.children ?? []).map((route) => route.id);
const pageId = (router: Router) => router.state.matches.at(-1)?.route.id;
/** Goes to `path` and waits until the router shows the page `id`. */
const goTo = async (router: Router, path: string, id: string) => {
  await act(() => router.navigate(path));
  await waitFor(() => expect(pageId(router)).toBe(id));
};
/** The pages the router holds, in any language. */
const heldPages = (router: Router) => {
  const ids: string[] = [];
  const walk = (routes: Router['routes']) => {
    for (const route of routes) {
      if (route.handle) ids.push(route.id);
      walk(route.children ?? []);
    }
  };
  walk(router.routes);
  return ids.sort();
};

describe('the route table by language (issue 13: the router ranks only what it holds)', () => {
  it('starts with the German routes only and adds the English ones when the app goes there', async () => {
    const { router } = renderApp('/login');
    await waitFor(() => expect(pageId(router)).toBe('de:login'));
    expect(languages(router)).toEqual(['de']);

    // the German catch-all matches /en/login too; the English page must win
    await goTo(router, '/en/login', 'en:login');
    expect(languages(router)).toEqual(['de', 'en']);

    await goTo(router, '/login', 'de:login');
    expect(languages(router)).toEqual(['de', 'en']);
  });

  it('starts with the English routes only and finds a German page that matches no English one', async () => {
    const { router } = renderApp('/en/login');
    await waitFor(() => expect(pageId(router)).toBe('en:login'));
    expect(languages(router)).toEqual(['en']);

    await goTo(router, '/register', 'de:register');
    expect(languages(router)).toEqual(['en', 'de']);
  });

  it('a missing page is the not-found page of its own language, whichever came first', async () => {
    const { router } = renderApp('/en/login');
    await waitFor(() => expect(pageId(router)).toBe('en:login'));
    await goTo(router, '/gibt-es-nicht', 'de:not-found');
    await goTo(router, '/en/does-not-exist', 'en:not-found');
  });

  it('prefetching a page of the other language adds that language first', async () => {
    const { router } = renderApp('/login');
    await waitFor(() => expect(pageId(router)).toBe('de:login'));
    act(() => prefetchPath('/en/register'));
    expect(languages(router)).toEqual(['de', 'en']);
  });
});

describe('the route table by address (issue 13: the router starts with the opening page)', () => {
  it('starts with the pages that could be at the opening address and adds those of each address it goes to', async () => {
    const { router } = renderApp('/login');
    await waitFor(() => expect(pageId(router)).toBe('de:login'));
    expect(heldPages(router)).toEqual(['de:home', 'de:login', 'de:not-found']);

    // a page below a layout the table holds (the default layout: not-found), then below login's
    await goTo(router, '/impress', 'de:impress');
    await goTo(router, '/register', 'de:register');
    expect(heldPages(router)).toEqual(['de:home', 'de:impress', 'de:login', 'de:not-found', 'de:register']);

    // a missing page is still the not-found page, and adds nothing
    await goTo(router, '/gibt-es-nicht', 'de:not-found');
    expect(heldPages(router)).toHaveLength(5);
  });

  it('goes home in English from another page: /en is the home page, not the bare language route', async () => {
    const { router } = renderApp('/en/login');
    await waitFor(() => expect(pageId(router)).toBe('en:login'));
    await goTo(router, '/en', 'en:home');
    // and the German home page, whose language the table did not hold
    await goTo(router, '/', 'de:home');
  });

  it('a static page wins over a parameter page the table already holds', async () => {
    const { router } = renderApp('/seminar/excel-kurs');
    await waitFor(() => expect(pageId(router)).toBe('de:seminar-public'));
    expect(heldPages(router)).toEqual(['de:home', 'de:not-found', 'de:seminar-public']);
    // /seminar/rise needs a login: its auth check sends a guest to the login page, where the
    // public page at /seminar/:slug would have answered (not found)
    await goTo(router, '/seminar/rise', 'de:login');
    expect(router.state.location.search).toContain(encodeURIComponent('/seminar/rise'));
    expect(heldPages(router)).toContain('de:seminar-rise');
  });

  it('prefetching an address adds its pages without going there', async () => {
    const { router } = renderApp('/login');
    await waitFor(() => expect(pageId(router)).toBe('de:login'));
    act(() => prefetchPath('/forgot-password'));
    expect(heldPages(router)).toEqual(['de:forgot-password', 'de:home', 'de:login', 'de:not-found']);
    expect(pageId(router)).toBe('de:login');
  });
});
