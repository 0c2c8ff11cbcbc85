import { randomUUID } from 'node:crypto';
import type {
  BookingPaymentDto,
  BookingStatus,
  CheckoutDto,
  Locale,
  Paginated,
  PaymentDto,
  PaymentStatus,
  TestCheckoutAction,
  TestCheckoutDto,
} from '@elearn/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { Db, Tx } from '../../db/client.ts';
import type { Page } from '../../db/query-helpers.ts';
import { AppError, conflict, notFound } from '../../errors.ts';
import type { AfterResponse } from '../../lib/after-response.ts';
import { bookingPaidMail } from '../../lib/mail-templates.ts';
import type { Mailer } from '../../plugins/mail.ts';
import type { AuthUser } from '../../plugins/session.ts';
import type { EnrolmentsService } from '../enrolments/enrolments.service.ts';
import type { SeminarsService } from '../seminars/seminars.service.ts';
import { usersRepository } from '../users/users.repository.ts';
import { paymentsPersonalData } from './payments.personal-data.ts';
import { paymentPolicy } from './payments.policy.ts';
import {
  type PaymentProvider,
  type ProviderPayment,
  ProviderUnavailableError,
  type TestProvider,
} from './payments.provider.ts';
import { type PaymentRow, paymentsRepository as repo } from './payments.repository.ts';
import {
  canPayAgain,
  holdsSeminar,
  IN_PROGRESS_STATUSES,
  type StoredPaymentStatus,
} from './payments.state.ts';

/** a `creating` placeholder older than this belongs to a request that died: it is dropped */
const STALE_CREATING_MS = 2 * 60_000;

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const prefixOf = (locale: Locale) => (locale === 'en' ? '/en' : '');

export const paymentUnavailable = () => new AppError(503, 'payment.unavailable', 'payment.unavailable');

export type PaymentsService = ReturnType<typeof createPaymentsService>;

/**
 * Paid bookings: checkout through the provider, the webhook's status sync, the grant (once) and
 * the confirmation mail. Every status comes from the provider (`provider.get`), never from a
 * request; a payment is linked to its booking only through our own `payments` row.
 */
export function createPaymentsService(deps: {
  db: Db;
  config: AppConfig;
  mailer: Mailer;
  seminars: SeminarsService;
  enrolments: EnrolmentsService;
  /**
   * a manager's purchase for a company was paid: the company holds the seminar from now on
   * (the companies module; wired in app.ts so that payments need not know companies)
   */
  grantCompanyPurchase: (
    tx: Tx,
    purchase: { seminarId: number; userId: number; price: number; currency: string },
    companyId: number,
    at: Date,
  ) => Promise<void>;
  /** null: payments are switched off (production without MOLLIE_API_KEY) */
  provider: PaymentProvider | null;
  log: FastifyBaseLogger;
  /** where the confirmation mails run, without the webhook's answer waiting for them */
  background: AfterResponse;
  now?: () => number;
}) {
  const { db, config, mailer, seminars, enrolments, provider, log } = deps;
  const now = deps.now ?? Date.now;

  const formatAmount = (minor: number, currency: string, locale: Locale) => {
    try {
      return new Intl.NumberFormat(locale === 'en' ? 'en-US' : 'de-CH', {
        style: 'currency',
        currency,
      }).format(minor / 100);
    } catch {
      return `${currency} ${(minor / 100).toFixed(2)}`;
    }
  };

  /** sends the confirmation in the background (the webhook answers at once); never throws */
  function queueConfirmation(bookingId: number) {
    deps.background.start(`booking confirmation mail (booking ${bookingId})`, async () => {
      const found = await repo.findBookingWithSeminar(db, bookingId);
      const user = found && (await usersRepository.findById(db, found.booking.userId));
      if (!found || !user) return;
      const locale: Locale = user.locale === 'en' ? 'en' : 'de';
      const base = `${config.appUrl}${prefixOf(locale)}`;
      const mail = bookingPaidMail(locale, {
        name: `${user.firstName} ${user.lastName}`.trim() || user.username,
        seminarTitle: found.seminar.title,
        amount: formatAmount(found.booking.price, found.booking.currency, locale),
        seminarUrl: `${base}/seminar/id/${found.seminar.id}`,
        paymentsUrl: `${base}/payment/payment-confirmation`,
      });
      await mailer.send({ to: user.email, ...mail });
    });
  }

  /**
   * Applies what the provider reports about one of our attempts: the attempt moves forward only
   * (state machine), a paid attempt grants the booking exactly once in the same transaction, and
   * any other report lets the booking follow its latest attempt. Reports that do not match our
   * record (amount, currency, booking) change nothing.
   */
  async function apply(payment: PaymentRow, fetched: ProviderPayment): Promise<void> {
    const bookingId = Number(fetched.metadata?.bookingId);
    if (
      fetched.id !== payment.providerId ||
      fetched.amount !== payment.amount ||
      fetched.currency !== payment.currency ||
      bookingId !== payment.bookingId
    ) {
      log.error(
        { paymentId: payment.id, providerId: payment.providerId, status: fetched.status },
        'payment report does not match our record; ignored',
      );
      return;
    }
    const at = new Date(now());
    const granted = await db.transaction(async (tx) => {
      await repo.advance(tx, payment.id, fetched.status, fetched.paidAt);
      const current = await repo.findById(tx, payment.id);
      if (current?.status === 'paid') {
        const booking = await repo.grant(tx, payment.bookingId, at);
        // only a settled purchase becomes a grant (enrolments), in the same transaction
        if (booking) await enrolments.grantPurchase(booking, at, tx);
        // bought for a company: the company holds the seminar from now on as well
        if (booking?.forCompanyId) await deps.grantCompanyPurchase(tx, booking, booking.forCompanyId, at);
        return booking;
      }
      await repo.deriveStatus(tx, payment.bookingId);
      return undefined;
    });
    if (granted) {
      log.info({ bookingId: granted.id, paymentId: payment.id }, 'booking paid and granted');
      seminars.contentChanged();
      queueConfirmation(granted.id);
    }
  }

  /** fetches one attempt from the provider and applies it; unknown at the provider: nothing */
  async function sync(payment: PaymentRow): Promise<void> {
    if (!provider || payment.provider !== provider.name || payment.status === 'creating') return;
    const fetched = await provider.get(payment.providerId);
    if (!fetched) {
      log.warn({ paymentId: payment.id }, 'the provider does not know this payment');
      return;
    }
    await apply(payment, fetched);
  }

  /** the webhook's work: our attempt by the provider's id, then the provider's word on it */
  async function handleWebhook(providerId: string): Promise<void> {
    if (!provider) return;
    const payment = await repo.findByProviderId(db, provider.name, providerId);
    if (!payment) return;
    await sync(payment);
  }

  async function ownBooking(actor: AuthUser, bookingId: number) {
    const found = await repo.findBookingWithSeminar(db, bookingId);
    if (!found || !paymentPolicy.viewBooking(actor, found.booking)) throw notFound();
    return found;
  }

  async function bookingDto(actor: AuthUser, bookingId: number): Promise<BookingPaymentDto> {
    const { booking, seminar } = await ownBooking(actor, bookingId);
    const attempts = await repo.listOfBooking(db, booking.id);
    const status = booking.status as BookingStatus;
    // held through this booking or another grant (an assignment): nothing is left to pay
    const granted = holdsSeminar(status) || (await enrolments.holds(booking.userId, seminar.id));
    const open = attempts.find((p) => p.status === 'open' && p.provider === provider?.name);
    const payable =
      paymentPolicy.payable(seminar, booking.forCompanyId) && seminar.price > 0 && provider !== null;
    return {
      id: booking.id,
      status,
      seminar: { id: seminar.id, title: seminar.title, slug: seminar.slug },
      price: booking.price,
      currency: booking.currency,
      created_at: booking.createdAt.toISOString(),
      granted_at: iso(booking.grantedAt),
      checkout_url: !granted && open?.checkoutUrl ? open.checkoutUrl : null,
      payments: attempts.map((p) => ({
        id: p.id,
        amount: p.amount,
        currency: p.currency,
        status: p.status as PaymentStatus,
        created_at: p.createdAt.toISOString(),
        paid_at: iso(p.paidAt),
      })),
      abilities: { pay: !granted && payable && canPayAgain(status), play: granted },
    };
  }

  type Claim =
    | { kind: 'attempt'; bookingId: number; attempt: PaymentRow }
    | { kind: 'inProgress'; bookingId: number; payment: PaymentRow }
    | { kind: 'retry' };

  /**
   * Takes the booking's one "attempt in progress" slot: a pending booking (or the caller's
   * earlier one, locked) and a `creating` placeholder. Only database work happens inside the
   * transaction; the provider is asked afterwards.
   */
  async function claim(
    actor: AuthUser,
    seminarId: number,
    price: number,
    forCompanyId: number | null,
  ): Promise<Claim> {
    return db.transaction(async (tx) => {
      await repo.insertPendingBooking(tx, {
        seminarId,
        userId: actor.id,
        price,
        currency: config.currency,
        forCompanyId,
      });
      const booking = await repo.lockBooking(tx, seminarId, actor.id);
      if (!booking) return { kind: 'retry' } as const; // removed meanwhile by a failed attempt
      if (holdsSeminar(booking.status) || booking.grantedAt) {
        throw conflict('booking.already_booked', 'booking.already_booked');
      }
      // an unpaid booking buys for whom the latest request says (the caller or a company)
      if (booking.forCompanyId !== forCompanyId) await repo.setPurchaser(tx, booking.id, forCompanyId);
      await repo.deleteStaleCreating(tx, booking.id, new Date(now() - STALE_CREATING_MS));
      const current = await repo.findInProgress(tx, booking.id);
      if (current) return { kind: 'inProgress', bookingId: booking.id, payment: current } as const;
      const attempt = await repo.insertCreating(tx, {
        bookingId: booking.id,
        userId: actor.id,
        provider: provider?.name ?? 'none',
        placeholderId: `creating:${randomUUID()}`,
        amount: price,
        currency: config.currency,
      });
      return { kind: 'attempt', bookingId: booking.id, attempt } as const;
    });
  }

  return {
    provider,
    /** what this module keeps about a person: the data export and the account erasure (issue 19) */
    personalData: paymentsPersonalData(db),

    /**
     * `POST /api/booking/now`: a checkout for a priced public seminar. Reuses the caller's open
     * checkout; otherwise starts a new attempt (also to pay again after a failure).
     * @throws booking.own_seminar, booking.already_booked, payment.not_payable,
     *   payment.free_seminar, payment.in_progress (409); 404 for a seminar the caller may not see;
     *   payment.unavailable (503)
     */
    async bookNow(
      actor: AuthUser,
      seminarId: number,
      locale: Locale,
      opts: {
        forCompanyId?: number;
        /** base of the return URL: the request's `appUrl` (plugins/request-origin.ts); default APP_URL */
        appUrl?: string;
      } = {},
    ): Promise<{ checkout: CheckoutDto; created: boolean }> {
      const forCompanyId = opts.forCompanyId ?? null;
      const { seminar } = await seminars.access(actor, seminarId);
      if (seminar.ownerId === actor.id) throw conflict('booking.own_seminar', 'booking.own_seminar');
      const existing = await repo.findBooking(db, seminarId, actor.id);
      if (
        (existing && (holdsSeminar(existing.status) || existing.grantedAt)) ||
        (await enrolments.holds(actor.id, seminarId))
      ) {
        throw conflict('booking.already_booked', 'booking.already_booked');
      }
      if (!paymentPolicy.payable(seminar, forCompanyId))
        throw conflict('payment.not_payable', 'payment.not_payable');
      if (seminar.price <= 0) throw conflict('payment.free_seminar', 'payment.free_seminar');
      if (!provider) throw paymentUnavailable();

      for (let round = 0; round < 3; round++) {
        const claimed = await claim(actor, seminarId, seminar.price, forCompanyId);
        if (claimed.kind === 'retry') continue;
        if (claimed.kind === 'inProgress') {
          const { payment } = claimed;
          if (payment.status === 'creating') throw conflict('payment.in_progress', 'payment.in_progress');
          // the checkout may have ended at the provider without a webhook yet: ask first
          try {
            await sync(payment);
          } catch (err) {
            if (!(err instanceof ProviderUnavailableError)) throw err;
            log.warn({ err, paymentId: payment.id }, 'payment provider unavailable');
            throw paymentUnavailable();
          }
          const fresh = await repo.findById(db, payment.id);
          if (fresh?.status === 'open' && fresh.checkoutUrl) {
            return {
              checkout: { checkoutUrl: fresh.checkoutUrl, bookingId: claimed.bookingId },
              created: false,
            };
          }
          if (fresh?.status === 'paid') throw conflict('booking.already_booked', 'booking.already_booked');
          if (fresh && fresh.status !== 'open' && !['failed', 'canceled', 'expired'].includes(fresh.status)) {
            throw conflict('payment.in_progress', 'payment.in_progress');
          }
          continue; // it ended without payment: start a new attempt
        }

        const { attempt, bookingId } = claimed;
        const prefix = `${opts.appUrl ?? config.appUrl}${prefixOf(locale)}`;
        try {
          const created = await provider.create({
            amount: seminar.price,
            currency: config.currency,
            description: `Seminar: ${seminar.title}`.replace(/[\r\n]+/g, ' ').slice(0, 255),
            redirectUrl: `${prefix}/payment/mollie/redirect?bookingId=${bookingId}`,
            webhookUrl: `${config.appUrl}/payment/mollie/webhook`,
            metadata: { bookingId },
            idempotencyKey: `booking-${bookingId}-payment-${attempt.id}`,
          });
          if (!created.checkoutUrl || created.status !== 'open') {
            throw new ProviderUnavailableError(`new payment is ${created.status} without a checkout`);
          }
          await repo.completeCreating(db, attempt.id, {
            providerId: created.id,
            status: created.status satisfies StoredPaymentStatus,
            checkoutUrl: created.checkoutUrl,
          });
          await repo.deriveStatus(db, bookingId);
          log.info({ bookingId, paymentId: attempt.id }, 'checkout started');
          return { checkout: { checkoutUrl: created.checkoutUrl, bookingId }, created: true };
        } catch (err) {
          await repo.deletePayment(db, attempt.id);
          await repo.deleteBookingWithoutPayments(db, bookingId);
          if (err instanceof ProviderUnavailableError) {
            log.warn({ err, bookingId }, 'payment provider unavailable');
            throw paymentUnavailable();
          }
          throw err;
        }
      }
      throw conflict('payment.in_progress', 'payment.in_progress');
    },

    /**
     * The webhook (`id=tr_…`): fetches the payment from the provider and applies it. An id we
     * never created changes nothing (and the provider is not even asked).
     * @throws ProviderUnavailableError (the caller answers non-2xx so that Mollie retries)
     */
    handleWebhook,

    /** `GET /api/payments/booking/{id}`: the booking and its attempts, for its owner only */
    bookingStatus: bookingDto,

    /**
     * `POST /api/payments/booking/{id}/sync`: the redirect page asks the provider about the
     * latest attempt (the customer may be back before the webhook) and gets the booking.
     */
    async syncBooking(actor: AuthUser, bookingId: number): Promise<BookingPaymentDto> {
      const { booking } = await ownBooking(actor, bookingId);
      const latest = await repo.latestOfBooking(db, booking.id);
      const open = latest && IN_PROGRESS_STATUSES.includes(latest.status as StoredPaymentStatus);
      if (latest && (open || (latest.status === 'paid' && !booking.grantedAt))) {
        try {
          await sync(latest);
        } catch (err) {
          if (!(err instanceof ProviderUnavailableError)) throw err;
          log.warn({ err, bookingId }, 'payment provider unavailable; showing the stored status');
        }
      }
      return bookingDto(actor, bookingId);
    },

    /** `GET /api/payments/status/`: the caller's payment attempts, newest first */
    async listOwn(actor: AuthUser, q: { page: number; per_page: number }): Promise<Paginated<PaymentDto>> {
      const { rows, total } = await repo.pageOfUser(db, actor.id, q.per_page, (q.page - 1) * q.per_page);
      return {
        data: rows.map(({ payment: p, seminar }) => ({
          id: p.id,
          booking_id: p.bookingId,
          seminar,
          amount: p.amount,
          currency: p.currency,
          status: p.status as PaymentStatus,
          created_at: p.createdAt.toISOString(),
          paid_at: iso(p.paidAt),
        })),
        current_page: q.page,
        last_page: Math.max(1, Math.ceil(total / q.per_page)),
        per_page: q.per_page,
        total,
      };
    },

    /** the admin area's views of payments (the caller's rights are checked by the admin routes) */
    admin: {
      page: (f: { status?: string; from?: Date; to?: Date }, page: Page) => repo.adminPage(db, f, page),
      purchasesOfUser: (userId: number) => repo.purchasesOfUser(db, userId),
      revenueBySeminar: (seminarIds: number[]) => repo.revenueBySeminar(db, seminarIds),
    },

    /** The built-in test checkout: one of the caller's test payments (404 otherwise). */
    async testCheckout(actor: AuthUser, providerId: string): Promise<TestCheckoutDto> {
      const { record } = await ownTestPayment(actor, providerId);
      return {
        id: record.id,
        booking_id: Number(record.metadata?.bookingId),
        status: record.status as PaymentStatus,
        amount: record.amount,
        currency: record.currency,
        description: record.description,
        expires_at: record.expiresAt.toISOString(),
      };
    },

    /**
     * Pays, fails or cancels a test payment at the test "provider", then runs the webhook's status
     * sync exactly as a Mollie webhook would. Returns where the browser goes next.
     */
    async settleTestPayment(
      actor: AuthUser,
      providerId: string,
      action: TestCheckoutAction,
    ): Promise<{ redirectUrl: string }> {
      const { test, record, payment } = await ownTestPayment(actor, providerId);
      // the user holds the seminar meanwhile (e.g. a company assigned it): an open own purchase
      // can no longer be paid (issue 11.1); failing or canceling it stays possible
      if (action === 'paid' && record.status === 'open') {
        const found = await repo.findBookingWithSeminar(db, payment.bookingId);
        if (
          found &&
          !found.booking.forCompanyId &&
          (await enrolments.holds(found.booking.userId, found.seminar.id))
        )
          throw conflict('booking.already_booked', 'booking.already_booked');
      }
      await test.settle(record.id, action);
      await handleWebhook(record.id);
      return { redirectUrl: record.redirectUrl };
    },
  };

  async function ownTestPayment(actor: AuthUser, providerId: string) {
    if (provider?.name !== 'test') throw notFound();
    const test = provider as TestProvider;
    const payment = await repo.findByProviderId(db, 'test', providerId);
    if (!payment || !paymentPolicy.payBooking(actor, payment)) throw notFound();
    const record = await test.find(providerId);
    if (!record) throw notFound();
    return { test, payment, record };
  }
}
