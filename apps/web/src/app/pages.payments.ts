/** The payments feature's pages (merged into PAGES by ./pages.ts). */
import type { PageDef } from './page-types';

export const PAYMENTS_PAGES: PageDef[] = [
  {
    id: 'payment-confirmation',
    path: '/payment/payment-confirmation',
    layout: 'default',
    load: () => import('./routes/payment/confirmation'),
  },
  {
    id: 'payment-redirect',
    path: '/payment/mollie/redirect',
    layout: 'default',
    load: () => import('./routes/payment/redirect'),
  },
  {
    id: 'payment-booking',
    path: '/payment/booking/:bookingId?',
    layout: 'default',
    load: () => import('./routes/payment/booking'),
  },
  {
    id: 'payment-completed',
    path: '/payment/completed/:bookingId?',
    layout: 'default',
    load: () => import('./routes/payment/completed'),
  },
  {
    id: 'payment-canceled',
    path: '/payment/canceled/:bookingId?',
    layout: 'default',
    load: () => import('./routes/payment/canceled'),
  },
  {
    id: 'payment-test-checkout',
    path: '/payment/test-checkout/:paymentId',
    layout: 'default',
    load: () => import('./routes/payment/test-checkout'),
  },
];
