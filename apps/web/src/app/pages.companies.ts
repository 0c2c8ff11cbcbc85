/**
 * The companies feature's pages (merged into PAGES by ./pages.ts): the `/company/{name}` routes,
 * employees, access links and assigning employees (spec section 2).
 */
import type { PageDef } from './page-types';

export const COMPANIES_PAGES: PageDef[] = [
  {
    id: 'company',
    // the managers' form of the company's postal address on its invoices (issue 38)
    i18n: ['companies', 'invoices'],
    path: '/company/:name',
    layout: 'seminar',
    load: () => import('./routes/company/overview'),
  },
  {
    id: 'company-register',
    i18n: ['companies'],
    path: '/company/:name/register',
    layout: 'noAuth',
    auth: false,
    load: () => import('./routes/company/register'),
  },
  {
    id: 'company-join',
    i18n: ['companies'],
    path: '/company/join/:token',
    layout: 'noAuth',
    auth: false,
    load: () => import('./routes/company/join'),
  },
  {
    id: 'company-seminars',
    i18n: ['companies'],
    path: '/company/:name/seminar',
    layout: 'seminar',
    load: () => import('./routes/company/seminars'),
  },
  {
    id: 'company-seminars-booked',
    i18n: ['companies'],
    path: '/company/:name/seminar/booked',
    layout: 'seminar',
    load: () => import('./routes/company/booked'),
  },
  {
    id: 'company-seminar-new',
    i18n: ['authoring', 'companies'],
    path: '/company/:name/seminar/new',
    layout: 'seminar',
    middleware: ['trainer'],
    load: () => import('./routes/company/new'),
  },
  {
    id: 'company-seminars-own',
    i18n: ['companies'],
    path: '/company/:name/seminar/own',
    layout: 'seminar',
    middleware: ['trainer'],
    load: () => import('./routes/company/own'),
  },
  {
    id: 'company-seminar',
    i18n: ['companies'],
    path: '/company/:name/seminar/:id',
    layout: 'seminar',
    load: () => import('./routes/company/seminar'),
  },
  {
    // the team view: progress, due dates and reminders per employee and seminar (issue 36 item 7)
    id: 'company-team',
    i18n: ['companies'],
    path: '/company/:name/team',
    layout: 'default',
    middleware: ['corporateTraining'],
    load: () => import('./routes/company/team'),
  },
  {
    id: 'employees',
    i18n: ['companies'],
    path: '/employees',
    layout: 'default',
    middleware: ['corporateTraining'],
    load: () => import('./routes/employees'),
  },
  {
    id: 'seminar-temp-list',
    i18n: ['companies'],
    path: '/seminar/tempList',
    layout: 'seminar',
    middleware: ['corporateTraining'],
    load: () => import('./routes/seminar/temp-list'),
  },
  {
    id: 'seminar-access-link',
    i18n: ['companies'],
    path: '/seminar/access-link/:id?',
    layout: 'default',
    auth: false,
    load: () => import('./routes/seminar/access-link'),
  },
  {
    id: 'seminar-assign-user-company',
    i18n: ['companies', 'progress', 'progress/learner'],
    path: '/seminar/id/:sid/assign-user-company',
    layout: 'seminarSide',
    load: () => import('./routes/seminar/assign-user-company'),
  },
];
