/**
 * The administration pages (merged into PAGES by ./pages.ts; `/admin` itself is listed there):
 * users, companies, seminars, payments and the audit trail, all in the admin layout behind the
 * admin guard (non-admins go to /unauthorized).
 */
import type { PageDef } from './page-types';

const admin: Pick<PageDef, 'layout' | 'middleware' | 'i18n'> = {
  layout: 'admin',
  middleware: ['auth', 'admin'],
  i18n: ['admin'],
};

export const ADMIN_PAGES: PageDef[] = [
  { id: 'admin-users', path: '/admin/users', ...admin, load: () => import('./routes/admin/users') },
  {
    id: 'admin-user',
    path: '/admin/users/:id',
    ...admin,
    i18n: ['admin', 'privacy'],
    load: () => import('./routes/admin/user'),
  },
  {
    id: 'admin-companies',
    path: '/admin/companies',
    ...admin,
    load: () => import('./routes/admin/companies'),
  },
  {
    id: 'admin-company',
    path: '/admin/companies/:id',
    ...admin,
    // the company's pay-by-invoice setting (issue 38 item 3)
    i18n: ['admin', 'invoices'],
    load: () => import('./routes/admin/company'),
  },
  { id: 'admin-seminars', path: '/admin/seminars', ...admin, load: () => import('./routes/admin/seminars') },
  { id: 'admin-payments', path: '/admin/payments', ...admin, load: () => import('./routes/admin/payments') },
  {
    id: 'admin-invoices',
    path: '/admin/invoices',
    ...admin,
    i18n: ['admin', 'invoices'],
    load: () => import('./routes/admin/invoices'),
  },
  {
    id: 'admin-seller',
    path: '/admin/seller',
    ...admin,
    i18n: ['admin', 'invoices'],
    load: () => import('./routes/admin/seller'),
  },
  {
    id: 'admin-vouchers',
    path: '/admin/vouchers',
    ...admin,
    i18n: ['admin', 'vouchers'],
    load: () => import('./routes/admin/vouchers'),
  },
  {
    id: 'admin-revenue',
    path: '/admin/revenue',
    ...admin,
    i18n: ['admin', 'revenue'],
    load: () => import('./routes/admin/revenue'),
  },
  {
    id: 'admin-voucher-new',
    path: '/admin/vouchers/new',
    ...admin,
    i18n: ['admin', 'vouchers'],
    load: () => import('./routes/admin/voucher-new'),
  },
  {
    id: 'admin-voucher',
    path: '/admin/vouchers/:id',
    ...admin,
    i18n: ['admin', 'vouchers'],
    load: () => import('./routes/admin/voucher'),
  },
  { id: 'admin-audit', path: '/admin/audit', ...admin, load: () => import('./routes/admin/audit') },
  {
    id: 'admin-deletions',
    path: '/admin/deletions',
    ...admin,
    i18n: ['admin', 'privacy'],
    load: () => import('./routes/admin/deletions'),
  },
];
