/**
 * The pages this app implements, one entry each; `buildRoutes` turns every entry into a German
 * route and an English one under `/en`. Paths come from `PAGE_ROUTES` / `EXTRA_PAGE_ROUTES` of
 * @elearn/shared (typed), so the server's list of page paths and this table can't drift.
 */
import type { PageDef } from './page-types';
import { ADMIN_PAGES } from './pages.admin';
import { COMPANIES_PAGES } from './pages.companies';
import { MC_TESTS_PAGES } from './pages.mc-tests';
import { PAYMENTS_PAGES } from './pages.payments';

export const PAGES: PageDef[] = [
  { id: 'home', path: '/', layout: 'hero', auth: false, index: true, load: () => import('./routes/home') },
  {
    id: 'login',
    path: '/login',
    layout: 'noAuth',
    auth: 'guest',
    index: true,
    load: () => import('./routes/auth/login'),
  },
  {
    id: 'register',
    index: true,
    path: '/register',
    layout: 'noAuth',
    auth: 'guest',
    load: () => import('./routes/auth/register'),
  },
  {
    id: 'forgot-password',
    path: '/forgot-password',
    layout: 'noAuth',
    auth: 'guest',
    load: () => import('./routes/auth/forgot-password'),
  },
  {
    id: 'reset-password',
    path: '/reset-password/:token?',
    layout: 'noAuth',
    auth: false,
    load: () => import('./routes/auth/reset-password'),
  },
  {
    id: 'verify-email',
    path: '/email/verify/:id?/:hash?',
    layout: 'noAuth',
    auth: false,
    load: () => import('./routes/auth/verify-email'),
  },
  {
    id: 'user',
    path: '/user',
    layout: 'default',
    middleware: ['auth'],
    load: () => import('./routes/account/profile'),
  },
  {
    id: 'user-password',
    path: '/user/password',
    layout: 'default',
    middleware: ['auth'],
    load: () => import('./routes/account/password'),
  },
  {
    id: 'user-privacy',
    path: '/user/privacy',
    layout: 'default',
    middleware: ['auth'],
    load: () => import('./routes/account/privacy'),
  },
  {
    id: 'impress',
    index: true,
    path: '/impress',
    layout: 'default',
    auth: false,
    load: () => import('./routes/legal/impress'),
  },
  {
    id: 'dsg',
    path: '/dsg',
    layout: 'default',
    auth: false,
    index: true,
    load: () => import('./routes/legal/dsg'),
  },
  {
    id: 'unauthorized',
    path: '/unauthorized',
    layout: 'default',
    auth: false,
    load: () => import('./routes/unauthorized'),
  },
  {
    id: 'certificates',
    path: '/certificates',
    layout: 'default',
    middleware: ['auth'],
    load: () => import('./routes/certificates/mine'),
  },
  {
    id: 'certificate-verify',
    path: '/certificate/:code',
    layout: 'default',
    auth: false,
    // outsiders open it (the certificate's QR code): the banner about the new platform is not theirs
    newAppBanner: false,
    load: () => import('./routes/certificates/verify'),
  },
  {
    id: 'video-example',
    path: '/video-example',
    layout: 'default',
    auth: false,
    load: () => import('./routes/video-example'),
  },
  {
    id: 'admin',
    path: '/admin',
    layout: 'admin',
    middleware: ['auth', 'admin'],
    load: () => import('./routes/admin/index'),
  },
  {
    id: 'trainer',
    path: '/trainer',
    layout: 'trainer',
    middleware: ['auth', 'trainer'],
    load: () => import('./routes/trainer/index'),
  },

  // ---- seminars (spec section 2) ----
  {
    id: 'seminar-list',
    index: true,
    path: '/seminar',
    layout: 'seminar',
    // guests see the catalogue (issue 34), users their lists: the page chooses
    auth: false,
    load: () => import('./routes/seminar/list'),
  },
  {
    id: 'seminar-own',
    path: '/seminar/own',
    layout: 'seminar',
    middleware: ['trainer'],
    load: () => import('./routes/seminar/own'),
  },
  {
    id: 'seminar-booked',
    path: '/seminar/booked',
    layout: 'seminar',
    load: () => import('./routes/seminar/booked'),
  },
  {
    id: 'seminar-new',
    path: '/seminar/new',
    layout: 'seminar',
    middleware: ['trainer'],
    load: () => import('./routes/seminar/new'),
  },
  {
    id: 'seminar-rise',
    path: '/seminar/rise',
    layout: 'seminar',
    load: () => import('./routes/seminar/rise'),
  },
  {
    id: 'seminar-public',
    index: true,
    path: '/seminar/:slug',
    layout: 'default',
    auth: false,
    load: () => import('./routes/seminar/public'),
  },
  {
    id: 'seminar-booking',
    path: '/seminar/booking/:id?',
    layout: 'default',
    load: () => import('./routes/seminar/booking'),
  },
  {
    id: 'seminar-detail',
    path: '/seminar/id/:sid',
    layout: 'seminarSide',
    load: () => import('./routes/seminar/detail'),
  },
  {
    id: 'seminar-edit',
    path: '/seminar/id/:sid/edit',
    layout: 'seminarSide',
    middleware: ['trainer'],
    load: () => import('./routes/seminar/edit'),
  },
  // ---- chapters ----
  {
    id: 'chapter-new',
    path: '/seminar/id/:sid/chapter/new',
    layout: 'chapter',
    middleware: ['trainer'],
    load: () => import('./routes/chapter/new'),
  },
  {
    id: 'chapter-position',
    path: '/seminar/id/:sid/chapter/position',
    layout: 'chapter',
    middleware: ['trainer'],
    load: () => import('./routes/chapter/position'),
  },
  {
    id: 'chapter-edit',
    path: '/seminar/id/:sid/chapter/:cid',
    layout: 'chapter',
    middleware: ['trainer'],
    load: () => import('./routes/chapter/edit'),
  },
  {
    id: 'chapter-new-sub',
    path: '/seminar/id/:sid/chapter/:cid/newSub',
    layout: 'chapter',
    middleware: ['trainer'],
    load: () => import('./routes/chapter/new-sub'),
  },
  {
    id: 'chapter-play',
    path: '/seminar/id/:sid/chapter/:cid/play',
    layout: 'chapter',
    load: () => import('./routes/chapter/play'),
  },
  {
    id: 'sub-chapter-list',
    path: '/seminar/id/:sid/chapter/:cid/subChapter',
    layout: 'chapter',
    middleware: ['trainer'],
    load: () => import('./routes/chapter/sub-list'),
  },
  {
    id: 'sub-chapter-new',
    path: '/seminar/id/:sid/chapter/:cid/subChapter/new',
    layout: 'chapter',
    middleware: ['trainer'],
    load: () => import('./routes/chapter/new-sub'),
  },
  {
    id: 'sub-chapter-edit',
    path: '/seminar/id/:sid/chapter/:cid/subChapter/:scid',
    layout: 'chapter',
    middleware: ['trainer'],
    load: () => import('./routes/chapter/sub-edit'),
  },
  // ---- people and work ----
  {
    id: 'user-profile',
    path: '/user/:slug',
    layout: 'default',
    auth: false,
    load: () => import('./routes/users/profile'),
  },
  { id: 'todos', path: '/todos', layout: 'default', load: () => import('./routes/todos') },
  ...MC_TESTS_PAGES,
  ...PAYMENTS_PAGES,
  ...COMPANIES_PAGES,
  ...ADMIN_PAGES,
];
