/** The mc-tests feature's pages (merged into PAGES by ./pages.ts), spec section 2 test routes. */
import type { PageDef } from './page-types';

export const MC_TESTS_PAGES: PageDef[] = [
  // trainers and admins: index, own, reports, question pool (tabs); students are sent on from the index
  {
    id: 'mctest-index',
    i18n: ['mc-tests', 'mc-tests/learner'],
    path: '/mcTest',
    layout: 'mcTest',
    load: () => import('./routes/mc-test/index'),
  },
  {
    id: 'mctest-own',
    i18n: ['mc-tests', 'mc-tests/learner'],
    path: '/mcTest/own',
    layout: 'mcTest',
    middleware: ['trainer'],
    load: () => import('./routes/mc-test/own'),
  },
  {
    id: 'mctest-reports',
    i18n: ['mc-tests', 'mc-tests/learner'],
    path: '/mcTest/reports',
    layout: 'mcTest',
    middleware: ['trainer'],
    load: () => import('./routes/mc-test/reports'),
  },
  {
    id: 'mctest-test-reports',
    i18n: ['item-analysis', 'mc-tests', 'mc-tests/learner'],
    path: '/mcTest/TestReports',
    layout: 'mcTest',
    middleware: ['trainer'],
    load: () => import('./routes/mc-test/test-reports'),
  },
  {
    id: 'mctest-pool',
    i18n: ['authoring', 'item-analysis', 'mc-tests'],
    path: '/mcTest/QuestionPool',
    layout: 'mcTest',
    middleware: ['trainer'],
    load: () => import('./routes/mc-test/question-pool'),
  },
  // everyone with a login (students, trainers, admins)
  {
    id: 'mctest-assigned',
    i18n: ['mc-tests', 'mc-tests/learner'],
    path: '/mcTest/assigned',
    layout: 'mcTest',
    load: () => import('./routes/mc-test/assigned'),
  },
  {
    id: 'mctest-open',
    i18n: ['mc-tests', 'mc-tests/learner'],
    path: '/mcTest/open',
    layout: 'mcTest',
    load: () => import('./routes/mc-test/open'),
  },
  {
    id: 'mctest-history',
    i18n: ['mc-tests', 'mc-tests/learner'],
    path: '/mcTest/history',
    layout: 'mcTest',
    load: () => import('./routes/mc-test/history'),
  },
  // one test of an owner: side menu
  {
    id: 'mctest-graduate',
    i18n: ['item-analysis', 'mc-tests', 'mc-tests/learner'],
    path: '/mcTest/graduate/:id?',
    layout: 'mcTestSide',
    middleware: ['trainer'],
    load: () => import('./routes/mc-test/graduate'),
  },
  {
    id: 'mctest-edit',
    i18n: ['item-analysis', 'mc-tests', 'mc-tests/learner'],
    path: '/mcTest/:id/edit',
    layout: 'mcTestSide',
    middleware: ['trainer'],
    load: () => import('./routes/mc-test/edit'),
  },
  {
    id: 'mctest-new-question',
    i18n: ['authoring', 'item-analysis', 'mc-tests'],
    path: '/mcTest/:id/new',
    layout: 'mcTestSide',
    middleware: ['trainer'],
    load: () => import('./routes/mc-test/new-question'),
  },
  {
    id: 'mctest-item-analysis',
    i18n: ['item-analysis', 'mc-tests'],
    path: '/mcTest/:id/itemAnalysis',
    layout: 'mcTestSide',
    middleware: ['trainer'],
    load: () => import('./routes/mc-test/item-analysis'),
  },
];
