/**
 * The pages this app implements, one entry each; `buildRoutes` turns every entry into a German
 * route and an English one under `/en`. Paths come from `PAGE_ROUTES` / `EXTRA_PAGE_ROUTES` of
 * @elearn/shared (typed), so the server's list of page paths and this table can't drift.
 */
import type { PageDef } from './page-types';

export const PAGES: PageDef[] = [
  { id: 'home', path: '/', layout: 'hero', auth: false, load: () => import('./routes/home') },
  { id: 'login', path: '/login', layout: 'noAuth', auth: 'guest', load: () => import('./routes/auth/login') },
  {
    id: 'register',
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
    id: 'impress',
    path: '/impress',
    layout: 'default',
    auth: false,
    load: () => import('./routes/legal/impress'),
  },
  { id: 'dsg', path: '/dsg', layout: 'default', auth: false, load: () => import('./routes/legal/dsg') },
  {
    id: 'unauthorized',
    path: '/unauthorized',
    layout: 'default',
    auth: false,
    load: () => import('./routes/unauthorized'),
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
];
