import type { EXTRA_PAGE_ROUTES, PAGE_ROUTES } from '@elearn/shared';

type PagePath = (typeof PAGE_ROUTES)[number] | (typeof EXTRA_PAGE_ROUTES)[number];

/**
 * The pages a guest may see and a search engine should find (apps/web/src/app/pages.ts: public
 * or guest pages), each in German (no prefix) and English (`/en`). `catalogue`: the page lists
 * the public seminars, so it changes with them. The public seminar pages (`/seminar/{slug}`)
 * come from the database.
 */
export const SITEMAP_PAGES: readonly { path: PagePath; catalogue: boolean }[] = [
  { path: '/', catalogue: true },
  { path: '/seminar', catalogue: true },
  { path: '/login', catalogue: false },
  { path: '/register', catalogue: false },
  { path: '/impress', catalogue: false },
  { path: '/dsg', catalogue: false },
];

/**
 * What robots.txt keeps crawlers out of, in both languages: the API, the areas behind a login
 * (administration, trainer, account, the seminar's own pages with the player, company areas,
 * tests, payments, certificates) and the pages of one-time tokens. RFC 9309 rules match by
 * prefix; `$` ends a rule where a longer path would be a public page (`/seminar/own$` leaves a
 * seminar `/seminar/owners-guide` open, `/user$` the public profiles `/user/{slug}`).
 */
export const DISALLOWED = [
  '/admin',
  '/trainer',
  '/user$',
  '/user/password',
  '/user/privacy',
  '/certificates',
  '/certificate/',
  '/learn',
  '/todos',
  '/employees',
  '/company/',
  '/mcTest',
  '/payment/',
  '/seminar/id/',
  '/seminar/own$',
  '/seminar/booked$',
  '/seminar/new$',
  '/seminar/rise$',
  '/seminar/tempList$',
  '/seminar/booking$',
  '/seminar/booking/',
  '/seminar/access-link$',
  '/seminar/access-link/',
  '/email/',
  '/reset-password',
  '/unsubscribe',
] as const;

/** outside the pages' languages: the API and the server's own paths */
export const DISALLOWED_SERVER = ['/api/', '/sanctum/', '/metrics'] as const;
