/** The payments feature's pages (merged into PAGES by ./pages.ts). */
import type { PageDef } from './page-types';

export const PAYMENTS_PAGES: PageDef[] = [
  {
    id: 'payment-confirmation',
    i18n: ['payments', 'invoices'],
    path: '/payment/payment-confirmation',
    layout: 'default',
    load: () => import('./routes/payment/confirmation'),
  },
  {
    id: 'payment-redirect',
    i18n: ['payments'],
    path: '/payment/mollie/redirect',
    layout: 'default',
    load: () => import('./routes/payment/redirect'),
  },
  {
    id: 'payment-booking',
    i18n: ['payments'],
    path: '/payment/booking/:bookingId?',
    layout: 'default',
    load: () => import('./routes/payment/booking'),
  },
  {
    id: 'payment-completed',
    i18n: ['payments'],
    path: '/payment/completed/:bookingId?',
    layout: 'default',
    load: () => import('./routes/payment/completed'),
  },
  {
    id: 'payment-canceled',
    i18n: ['payments'],
    path: '/payment/canceled/:bookingId?',
    layout: 'default',
    load: () => import('./routes/payment/canceled'),
  },
  {
    id: 'payment-test-checkout',
    i18n: ['payments'],
    path: '/payment/test-checkout/:paymentId',
    layout: 'default',
    load: () => import('./routes/payment/test-checkout'),
  },
];
