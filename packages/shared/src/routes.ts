/**
 * Every page route of spec section 2 in React Router notation. The web app builds its route
 * table from this list (German without prefix, English under `/en`); the server answers these
 * paths with the app's index.html and every other path with the same page but status 404.
 */
export const PAGE_ROUTES = [
  '/',
  '/login',
  '/register',
  '/forgot-password',
  '/impress',
  '/dsg',
  '/employees',
  '/seminar',
  '/todos',
  '/unauthorized',
  '/user',
  '/user/password',
  '/video-example',
  '/mcTest',
  '/mcTest/assigned',
  '/mcTest/history',
  '/mcTest/open',
  '/mcTest/own',
  '/mcTest/QuestionPool',
  '/mcTest/reports',
  '/mcTest/TestReports',
  '/mcTest/graduate/:id?',
  '/mcTest/:id/edit',
  '/mcTest/:id/new',
  '/seminar/booked',
  '/seminar/new',
  '/seminar/own',
  '/seminar/rise',
  '/seminar/tempList',
  '/seminar/:slug',
  '/seminar/access-link/:id?',
  '/seminar/booking/:id?',
  '/seminar/id/:sid',
  '/seminar/id/:sid/assign-user-company',
  '/seminar/id/:sid/edit',
  '/seminar/id/:sid/chapter/new',
  '/seminar/id/:sid/chapter/position',
  '/seminar/id/:sid/chapter/:cid',
  '/seminar/id/:sid/chapter/:cid/newSub',
  '/seminar/id/:sid/chapter/:cid/play',
  '/seminar/id/:sid/chapter/:cid/subChapter',
  '/seminar/id/:sid/chapter/:cid/subChapter/new',
  '/seminar/id/:sid/chapter/:cid/subChapter/:scid',
  '/payment/payment-confirmation',
  '/payment/mollie/redirect',
  '/payment/mollie/:webhook?',
  '/payment/booking/:bookingId?',
  '/payment/canceled/:bookingId?',
  '/payment/completed/:bookingId?',
  '/email/verify/:id?/:hash?',
  '/reset-password/:token?',
  '/company/:name',
  '/company/:name/register',
  '/company/:name/seminar',
  '/company/:name/seminar/booked',
  '/company/:name/seminar/new',
  '/company/:name/seminar/own',
  '/company/:name/seminar/:id',
  '/user/:slug',
] as const;

/** Routes added beyond the spec: the admin area (administration issue) and the test checkout. */
export const EXTRA_PAGE_ROUTES = [
  '/admin',
  '/admin/users',
  '/admin/users/:id',
  '/admin/companies',
  '/admin/companies/:id',
  '/admin/seminars',
  '/admin/payments',
  // the seller on the invoices and every invoice (issue 38)
  '/admin/seller',
  '/admin/invoices',
  // the revenue overview (issue 38 item 7)
  '/admin/revenue',
  '/admin/vouchers',
  '/admin/vouchers/new',
  '/admin/vouchers/:id',
  '/admin/audit',
  '/trainer',
  '/payment/test-checkout/:paymentId',
  // item analysis of a test (issue 17)
  '/mcTest/:id/itemAnalysis',
  // accepting an invitation to a company's members (issue 11 item 18)
  '/company/join/:token',
  // privacy self-service and the admin's pending deletions (issue 19)
  '/user/privacy',
  '/admin/deletions',
  // the learner's certificates and the public verification page (issue 16)
  '/certificates',
  '/certificate/:code',
  // the learner's own dashboard, "Mein Lernen" (issue 36)
  '/learn',
  // the company's team view for its managers (issue 36 item 7)
  '/company/:name/team',
  // the page of a mail's unsubscribe link: asks, then turns the kind off (issue 36 item 6)
  '/unsubscribe',
] as const;

export const EN_PREFIX = '/en';

function toRegExp(pattern: string): RegExp {
  const source = pattern
    .split('/')
    .filter(Boolean)
    .map((seg) => {
      if (seg.startsWith(':')) return seg.endsWith('?') ? '(?:/[^/]+)?' : '/[^/]+';
      return `/${seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
    })
    .join('');
  return new RegExp(`^${source || ''}/?$`);
}

const MATCHERS = [...PAGE_ROUTES, ...EXTRA_PAGE_ROUTES].map(toRegExp);

/** True when `pathname` (with or without the `/en` prefix) is one of the app's pages. */
export function isKnownPagePath(pathname: string): boolean {
  let path = pathname;
  if (path === EN_PREFIX || path === `${EN_PREFIX}/`) return true;
  if (path.startsWith(`${EN_PREFIX}/`)) path = path.slice(EN_PREFIX.length);
  if (path === '') path = '/';
  return MATCHERS.some((re) => re.test(path));
}

const SEMINAR_SLUG = toRegExp('/seminar/:slug');
const OTHER_MATCHERS = [...PAGE_ROUTES, ...EXTRA_PAGE_ROUTES]
  .filter((pattern) => pattern !== '/seminar/:slug')
  .map(toRegExp);

/**
 * The slug when `pathname` is a public seminar page (`/seminar/:slug`, with or without `/en`) and
 * no other page (`/seminar/own`, `/seminar/booking`, …); else null. The server answers a page
 * load of an unknown slug with 404 like an unknown route.
 */
export function seminarSlugOfPage(pathname: string): string | null {
  const path = pathname.startsWith(`${EN_PREFIX}/`) ? pathname.slice(EN_PREFIX.length) : pathname;
  if (!SEMINAR_SLUG.test(path) || OTHER_MATCHERS.some((re) => re.test(path))) return null;
  const segment = path.split('/')[2] ?? '';
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
