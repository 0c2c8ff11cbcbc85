import type { Locale, RefundBody, TestCheckoutAction } from '@elearn/shared';
import type { Tx } from '../../db/client.ts';
import type { Page } from '../../db/query-helpers.ts';
import type { AuthUser } from '../../plugins/session.ts';
import { createPaymentsContext, type PaymentsDeps } from './payments.context.ts';
import { paymentsPersonalData } from './payments.personal-data.ts';
import { paymentsRepository as repo } from './payments.repository.ts';
import { bookByInvoice, bookSeatsByInvoice, invoicePaid } from './use-cases/book-by-invoice.ts';
import { type BookNowOptions, bookNow } from './use-cases/book-now.ts';
import { bookSeats, type SeatPurchase } from './use-cases/book-seats.ts';
import { bookingStatus, syncBooking } from './use-cases/booking-status.ts';
import { listOwnPayments } from './use-cases/list-own-payments.ts';
import { refundPayment } from './use-cases/refund-payment.ts';
import { listOwnRefunds, paymentRefunds } from './use-cases/sync-refunds.ts';
import { settleTestPayment, testCheckout } from './use-cases/test-checkout.ts';
import { acceptWebhook, PAYMENT_SYNC_JOB, runPaymentSync } from './use-cases/webhook-job.ts';

export { type PaymentsDeps, paymentUnavailable, type SeatRefund } from './payments.context.ts';
export type { SeatPurchase } from './use-cases/book-seats.ts';

export type PaymentsService = ReturnType<typeof createPaymentsService>;

/**
 * Paid bookings: checkout through the provider, the webhook's status sync, the grant (once) and
 * the confirmation mail. Every status comes from the provider (`provider.get`), never from a
 * request; a payment is linked to its booking only through our own `payments` row.
 * The use cases are in use-cases/ (one file each); this builds their context once.
 */
export function createPaymentsService(deps: PaymentsDeps) {
  const ctx = createPaymentsContext(deps);
  const { db } = ctx;
  return {
    provider: ctx.provider,
    /** what this module keeps about a person: the data export and the account erasure (issue 19) */
    personalData: paymentsPersonalData(db),
    /** `POST /api/booking/now` (use-cases/book-now.ts) */
    bookNow: (actor: AuthUser, seminarId: number, locale: Locale, opts?: BookNowOptions) =>
      bookNow(ctx, actor, seminarId, locale, opts),
    /** a company's seat package paid by card (issue 38 item 4; use-cases/book-seats.ts) */
    bookSeats: (actor: AuthUser, purchase: SeatPurchase, locale: Locale, appUrl?: string) =>
      bookSeats(ctx, actor, purchase, locale, appUrl),
    /** the webhook: a job that syncs the payment (use-cases/webhook-job.ts) */
    handleWebhook: (providerId: string) => acceptWebhook(ctx, providerId),
    /**
     * the webhook's job: a worker fetches up to 10 syncs with one statement and runs them at once,
     * two workers per instance; a sync the provider could not answer is retried with backoff
     */
    async defineJobs() {
      await deps.jobs?.define<{ paymentId: number }>(
        PAYMENT_SYNC_JOB,
        async ({ paymentId }) => runPaymentSync(ctx, paymentId),
        { concurrency: 2, batchSize: 10, retryLimit: 10, retryDelay: 30 },
      );
    },
    bookingStatus: (actor: AuthUser, bookingId: number) => bookingStatus(ctx, actor, bookingId),
    syncBooking: (actor: AuthUser, bookingId: number) => syncBooking(ctx, actor, bookingId),
    listOwn: (actor: AuthUser, q: { page: number; per_page: number }) => listOwnPayments(ctx, actor, q),

    /** the admin area's views of payments (the caller's rights are checked by the admin routes) */
    admin: {
      page: (f: { status?: string; from?: Date; to?: Date }, page: Page) => repo.adminPage(db, f, page),
      purchasesOfUser: (userId: number) => repo.purchasesOfUser(db, userId),
      revenueBySeminar: (seminarIds: number[]) => repo.revenueBySeminar(db, seminarIds),
    },

    /** refunds (issue 38 item 6; use-cases/refund-payment.ts, use-cases/sync-refunds.ts) */
    refunds: {
      create: (actor: AuthUser, paymentId: number, body: RefundBody) =>
        refundPayment(ctx, actor, paymentId, body),
      ofPayment: (paymentId: number) => paymentRefunds(ctx, paymentId),
      own: (actor: AuthUser) => listOwnRefunds(ctx, actor),
    },

    /** a company's purchase on account (issue 38 item 3; use-cases/book-by-invoice.ts) */
    bookByInvoice: (
      actor: AuthUser,
      seminarId: number,
      p: { companyId: number; reference: string | null; voucherCode?: string },
    ) => bookByInvoice(ctx, actor, seminarId, p),
    /** a company's seat package on account (issue 38 items 3 and 4; use-cases/book-by-invoice.ts) */
    bookSeatsByInvoice: (actor: AuthUser, purchase: SeatPurchase) => bookSeatsByInvoice(ctx, actor, purchase),
    /** the invoices module's `onPaid`: a purchase by invoice is paid (in that transaction) */
    invoicePaid: (tx: Tx, invoice: { paymentId: number | null }, at: Date) =>
      invoicePaid(ctx, tx, invoice, at),

    /** the built-in test checkout (use-cases/test-checkout.ts) */
    testCheckout: (actor: AuthUser, providerId: string) => testCheckout(ctx, actor, providerId),
    settleTestPayment: (actor: AuthUser, providerId: string, action: TestCheckoutAction) =>
      settleTestPayment(ctx, actor, providerId, action),
  };
}
