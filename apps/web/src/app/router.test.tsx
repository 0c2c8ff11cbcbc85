import { EXTRA_PAGE_ROUTES, PAGE_ROUTES } from '@elearn/shared';
import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import type { RouteHandle } from './page-types';
import { PAGES } from './pages';
import { buildRoutes, candidatePages, openingRoutes } from './router';

/** Every page route of the table with its full path. */
function pageRoutes(routes: RouteObject[], parent = ''): { id: string; path: string }[] {
  return routes.flatMap((route) => {
    const full = route.index
      ? parent || '/'
      : route.path
        ? `${parent}/${route.path}`.replace(/\/+/g, '/')
        : parent;
    const own =
      (route.handle as RouteHandle | undefined) && route.id ? [{ id: route.id, path: full || '/' }] : [];
    return [...own, ...pageRoutes(route.children ?? [], full)];
  });
}

describe('route table', () => {
  const routes = buildRoutes({ queryClient: createQueryClient() });
  const all = pageRoutes(routes);

  it('takes every page path from the shared route list', () => {
    const known = new Set<string>([...PAGE_ROUTES, ...EXTRA_PAGE_ROUTES]);
    for (const page of PAGES) expect(known.has(page.path), page.path).toBe(true);
  });

  it.each(PAGES.map((page) => [page.id, page.path] as const))(
    'generates de and en routes for %s',
    (id, path) => {
      expect(all).toContainEqual({ id: `de:${id}`, path });
      expect(all).toContainEqual({ id: `en:${id}`, path: path === '/' ? '/en' : `/en${path}` });
    },
  );

  it('matches concrete URLs in both languages to the same page', () => {
    const cases: [string, string][] = [
      ['/', 'de:home'],
      ['/en', 'en:home'],
      ['/login', 'de:login'],
      ['/en/login', 'en:login'],
      ['/user/password', 'de:user-password'],
      ['/en/user/password', 'en:user-password'],
      ['/email/verify/12/abc', 'de:verify-email'],
      ['/en/reset-password/tok', 'en:reset-password'],
      ['/nope', 'de:not-found'],
      ['/en/nope', 'en:not-found'],
      // static seminar segments win over /seminar/:slug
      ['/seminar', 'de:seminar-list'],
      ['/seminar/own', 'de:seminar-own'],
      ['/seminar/booked', 'de:seminar-booked'],
      ['/seminar/new', 'de:seminar-new'],
      ['/en/seminar/rise', 'en:seminar-rise'],
      ['/seminar/excel-kurs', 'de:seminar-public'],
      ['/en/seminar/excel-kurs', 'en:seminar-public'],
      ['/seminar/booking/3', 'de:seminar-booking'],
      ['/seminar/id/3', 'de:seminar-detail'],
      ['/seminar/id/3/edit', 'de:seminar-edit'],
      ['/seminar/id/3/chapter/new', 'de:chapter-new'],
      ['/seminar/id/3/chapter/position', 'de:chapter-position'],
      ['/seminar/id/3/chapter/4', 'de:chapter-edit'],
      ['/seminar/id/3/chapter/4/newSub', 'de:chapter-new-sub'],
      ['/seminar/id/3/chapter/4/play', 'de:chapter-play'],
      ['/seminar/id/3/chapter/4/subChapter', 'de:sub-chapter-list'],
      ['/seminar/id/3/chapter/4/subChapter/new', 'de:sub-chapter-new'],
      ['/seminar/id/3/chapter/4/subChapter/5', 'de:sub-chapter-edit'],
      ['/user/password', 'de:user-password'],
      ['/user/trainer', 'de:user-profile'],
      ['/todos', 'de:todos'],
    ];
    for (const [url, id] of cases) {
      expect(matchRoutes(routes, url)?.at(-1)?.route.id, url).toBe(id);
    }
  });

  it('has unique route ids', () => {
    const ids = all.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

/** Concrete addresses for a page path: parameters filled, optional ones with and without. */
function addresses(path: string): string[] {
  const segments = path.split('/').filter(Boolean);
  let found: string[][] = [[]];
  for (const segment of segments) {
    const optional = segment.endsWith('?');
    const name = optional ? segment.slice(0, -1) : segment;
    const value = name.startsWith(':') ? `x${name.length}` : name;
    found = found.flatMap((done) => (optional ? [done, [...done, value]] : [[...done, value]]));
  }
  return found.map((done) => `/${done.join('/')}`);
}

describe('the opening table (issue 13: the router starts with the pages that could be there)', () => {
  const queryClient = createQueryClient();
  const whole = buildRoutes({ queryClient });
  const urls = [
    ...PAGES.flatMap((page) => addresses(page.path)),
    '/nope',
    '/seminar/excel-kurs/x',
    '/LOGIN',
    '/Seminar/Own',
    '/seminar/%6Fwn',
    '/seminar/%E0%A4%A',
    '/user/password/',
    '/login?redirect=/seminar',
  ];

  it('finds the page the whole table finds, at every address of every page, in both languages', () => {
    for (const url of [...urls, ...urls.map((u) => (u === '/' ? '/en' : `/en${u}`))]) {
      const expected = matchRoutes(whole, url)?.at(-1)?.route.id;
      expect(expected, url).toBeDefined();
      expect(matchRoutes(openingRoutes({ queryClient }, url), url)?.at(-1)?.route.id, url).toBe(expected);
    }
  });

  it('holds few pages: the home and not-found pages and those that could be at the address', () => {
    const held = (url: string) =>
      pageRoutes(openingRoutes({ queryClient }, url))
        .map((route) => route.id)
        .sort();
    expect(held('/login')).toEqual(['de:home', 'de:login', 'de:not-found']);
    expect(held('/en/login')).toEqual(['en:home', 'en:login', 'en:not-found']);
    expect(held('/seminar/id/3/chapter/4/play')).toEqual(['de:chapter-play', 'de:home', 'de:not-found']);
    expect(held('/seminar/new')).toEqual(['de:home', 'de:not-found', 'de:seminar-new', 'de:seminar-public']);
    expect(held('/nope')).toEqual(['de:home', 'de:not-found']);
    expect(held('/en')).toEqual(['en:home', 'en:not-found']);
  });

  it('reads optional parameters, case and encoded segments as the router does', () => {
    const ids = (url: string) => candidatePages(PAGES, url).map((page) => page.id);
    expect(ids('/reset-password')).toEqual(['reset-password']);
    expect(ids('/reset-password/abc')).toEqual(['reset-password']);
    expect(ids('/reset-password/abc/def')).toEqual([]);
    expect(ids('/email/verify')).toEqual(['verify-email']);
    expect(ids('/email/verify/1/h')).toEqual(['verify-email']);
    expect(ids('/en/USER/Password')).toContain('user-password');
    expect(ids('/seminar/%6Fwn')).toContain('seminar-own');
  });
});
