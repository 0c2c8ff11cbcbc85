import { act, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { prefetchPath } from '@/lib/prefetch';
import { renderApp } from '@/testing/test-utils';

type Router = ReturnType<typeof renderApp>['router'];

/** The language subtrees below the root route, in the order the router holds them. */
const languages = (router: Router) => (router.routes[0]?.children ?? []).map((route) => route.id);
const pageId = (router: Router) => router.state.matches.at(-1)?.route.id;

describe('the route table by language (issue 13: the router ranks only what it holds)', () => {
  it('starts with the German routes only and adds the English ones when the app goes there', async () => {
    const { router } = renderApp('/login');
    await waitFor(() => expect(pageId(router)).toBe('de:login'));
    expect(languages(router)).toEqual(['de']);

    // the German catch-all matches /en/login too; the English page must win
    await act(() => router.navigate('/en/login'));
    await waitFor(() => expect(pageId(router)).toBe('en:login'));
    expect(languages(router)).toEqual(['de', 'en']);

    await act(() => router.navigate('/login'));
    await waitFor(() => expect(pageId(router)).toBe('de:login'));
    expect(languages(router)).toEqual(['de', 'en']);
  });

  it('starts with the English routes only and finds a German page that matches no English one', async () => {
    const { router } = renderApp('/en/login');
    await waitFor(() => expect(pageId(router)).toBe('en:login'));
    expect(languages(router)).toEqual(['en']);

    await act(() => router.navigate('/register'));
    await waitFor(() => expect(pageId(router)).toBe('de:register'));
    expect(languages(router)).toEqual(['en', 'de']);
  });

  it('a missing page is the not-found page of its own language, whichever came first', async () => {
    const { router } = renderApp('/en/login');
    await waitFor(() => expect(pageId(router)).toBe('en:login'));
    await act(() => router.navigate('/gibt-es-nicht'));
    await waitFor(() => expect(pageId(router)).toBe('de:not-found'));
    await act(() => router.navigate('/en/does-not-exist'));
    await waitFor(() => expect(pageId(router)).toBe('en:not-found'));
  });

  it('prefetching a page of the other language adds that language first', async () => {
    const { router } = renderApp('/login');
    await waitFor(() => expect(pageId(router)).toBe('de:login'));
    act(() => prefetchPath('/en/register'));
    expect(languages(router)).toEqual(['de', 'en']);
  });
});
