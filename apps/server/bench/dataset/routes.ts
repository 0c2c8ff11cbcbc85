import type { Handles } from './generate.ts';

/*
 * The routes the size bench measures and the plan check sends (issue 39): every list, report,
 * search, history, item analysis, progress table, team view and export, as the generated
 * database's users (Handles) see them.
 */

export type Who = 'anon' | 'admin' | 'trainer' | 'manager' | 'student';
export interface RouteCase {
  name: string;
  who: Who;
  path: (h: Handles) => string;
  /** an export: whole answer, timed one at a time with the server's memory watched */
  kind: 'page' | 'report' | 'export';
}

/** every list, report, search, history, item analysis, progress table, team view and export */
export const ROUTES: RouteCase[] = [
  { name: 'seminars (public list)', who: 'anon', kind: 'page', path: () => '/api/seminars' },
  { name: 'seminars search', who: 'anon', kind: 'page', path: () => '/api/seminars?q=Datenschutz' },
  { name: 'admin users', who: 'admin', kind: 'page', path: () => '/api/admin/users' },
  { name: 'admin users search', who: 'admin', kind: 'page', path: () => '/api/admin/users?q=meier' },
  { name: 'admin companies', who: 'admin', kind: 'page', path: () => '/api/admin/companies' },
  {
    name: 'admin company members',
    who: 'admin',
    kind: 'page',
    path: (h) => `/api/admin/companies/${h.largestCompanyId}/members`,
  },
  { name: 'admin seminars', who: 'admin', kind: 'page', path: () => '/api/admin/seminars' },
  { name: 'admin seminars search', who: 'admin', kind: 'page', path: () => '/api/admin/seminars?q=excel' },
  { name: 'admin payments', who: 'admin', kind: 'page', path: () => '/api/admin/payments' },
  { name: 'admin audit', who: 'admin', kind: 'page', path: () => '/api/admin/audit' },
  {
    name: 'admin audit by action',
    who: 'admin',
    kind: 'page',
    path: () => '/api/admin/audit?action=graduation.confirmed',
  },
  { name: 'admin deletions', who: 'admin', kind: 'page', path: () => '/api/admin/deletions' },
  { name: 'owner history', who: 'trainer', kind: 'page', path: () => '/api/graduate/history/owner' },
  {
    name: 'owner history of a test',
    who: 'trainer',
    kind: 'page',
    path: (h) => `/api/graduate/history/owner?mc_test_id=${h.testId}`,
  },
  {
    name: 'owner history search',
    who: 'trainer',
    kind: 'page',
    path: () => '/api/graduate/history/owner?q=meier',
  },
  { name: 'student history', who: 'student', kind: 'page', path: () => '/api/graduate/history/student' },
  { name: 'questions', who: 'trainer', kind: 'page', path: () => '/api/questions' },
  { name: 'tests', who: 'trainer', kind: 'page', path: () => '/api/mc_tests' },
  { name: 'owned seminars', who: 'trainer', kind: 'page', path: () => '/api/seminars/owned' },
  { name: 'progress: seminars', who: 'trainer', kind: 'page', path: () => '/api/progress/seminars' },
  {
    name: 'progress: learners',
    who: 'trainer',
    kind: 'page',
    path: (h) => `/api/progress/seminars/${h.seminarId}/learners`,
  },
  {
    name: 'booked seminars (student)',
    who: 'student',
    kind: 'page',
    path: () => '/api/seminars/booked-student',
  },
  { name: 'certificates (student)', who: 'student', kind: 'page', path: () => '/api/certificates' },
  {
    name: 'bookings of owned seminars',
    who: 'trainer',
    kind: 'page',
    path: () => '/api/seminars/users/booked',
  },
  {
    // the seminar page's bookings, a page at a time (session 18), instead of the whole list above
    name: "a seminar's bookings",
    who: 'trainer',
    kind: 'page',
    path: (h) => `/api/seminars/${h.seminarId}/bookings`,
  },
  {
    name: "a seminar's bookings search",
    who: 'trainer',
    kind: 'page',
    path: (h) => `/api/seminars/${h.seminarId}/bookings?q=meier`,
  },
  {
    // a page of the members with their progress (the whole list before the paging of issue 39)
    name: 'team: employees',
    who: 'manager',
    kind: 'page',
    path: (h) => `/api/companies/${h.largestCompanyId}/users`,
  },
  {
    name: 'team: employees search',
    who: 'manager',
    kind: 'page',
    path: (h) => `/api/companies/${h.largestCompanyId}/users?q=meier`,
  },
  {
    name: 'team: company seminars',
    who: 'manager',
    kind: 'page',
    path: (h) => `/api/companies/${h.largestCompanyId}/seminars`,
  },
  {
    name: 'team: booked seminars',
    who: 'manager',
    kind: 'page',
    path: () => '/api/companies/seminars/booked',
  },
  {
    // a page since issue 39's paging (every assignment before)
    name: 'company assignments of a seminar',
    who: 'trainer',
    kind: 'page',
    path: (h) => `/api/seminars/${h.seminarId}/users/booked-company`,
  },
  {
    name: 'company assignments of a seminar search',
    who: 'trainer',
    kind: 'page',
    path: (h) => `/api/seminars/${h.seminarId}/users/booked-company?q=meier`,
  },
  {
    name: 'owned seminars with company bookings',
    who: 'trainer',
    kind: 'page',
    path: () => '/api/seminars/users-company/booked',
  },
  { name: 'test report', who: 'trainer', kind: 'report', path: (h) => `/api/mc_tests/${h.testId}/report` },
  {
    name: 'item analysis',
    who: 'trainer',
    kind: 'report',
    path: (h) => `/api/mc_tests/${h.testId}/item-analysis`,
  },
  {
    // a page of the runs since issue 39's paging (every run and result before)
    name: 'runs of a test',
    who: 'trainer',
    kind: 'page',
    path: (h) => `/api/mc_tests/${h.testId}/usergraduate`,
  },
  {
    name: 'runs of a test with results',
    who: 'trainer',
    kind: 'page',
    path: (h) => `/api/mc_tests/${h.testId}/usergraduate?results=1`,
  },
  {
    name: 'progress: seminar',
    who: 'trainer',
    kind: 'report',
    path: (h) => `/api/progress/seminars/${h.seminarId}`,
  },
  {
    name: 'export: runs of a test',
    who: 'trainer',
    kind: 'export',
    path: (h) => `/api/graduate/export/${h.testId}`,
  },
  {
    name: 'export: progress',
    who: 'trainer',
    kind: 'export',
    path: (h) => `/api/progress/seminars/${h.seminarId}/export`,
  },
];
