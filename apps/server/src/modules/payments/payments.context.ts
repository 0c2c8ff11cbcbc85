import type { InvoiceDto, Locale } from '@elearn/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { JobQueue } from '../../lib/job-queue.ts';
import type { Mailer } from '../../plugins/mail.ts';
import type { EnrolmentsService } from '../enrolments/enrolments.service.ts';
import type {
  CreditLine,
  OpenInvoiceInput,
  PaidPurchase,
  PaymentInvoice,
} from '../invoices/invoices.service.ts';
import type { SeminarsService } from '../seminars/seminars.service.ts';
import type { VoucherQuote } from '../vouchers/vouchers.service.ts';
import type { PaymentProvider } from './payments.provider.ts';

/** what the payments module is built from (app.ts) */
export interface PaymentsDeps {
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
  /**
   * pay by invoice (issue 38 item 3; the invoices module, wired in app-modules.ts): whether a
   * purchase by invoice grants at once, and its open invoice, issued in the booking's transaction
   */
  byInvoice?: {
    access: (tx: Tx) => Promise<'at_once' | 'when_paid'>;
    issueOpen: (tx: Tx, p: OpenInvoiceInput) => Promise<InvoiceDto>;
  };
  /**
   * the invoices module (issue 38; wired in app-modules.ts): the amount a checkout charges for a
   * price (VAT added to net prices), and the invoice of a paid payment, issued in its transaction
   */
  invoices?: {
    charge: (price: number, currency: string) => Promise<number>;
    issueForPayment: (tx: Tx, paid: PaidPurchase) => Promise<unknown>;
    /** refunds (use-cases/refund-payment.ts): the credit note of a refund, in its transaction */
    issueCreditNote?: (
      tx: Tx,
      invoiceId: number,
      lines: CreditLine[],
    ) => Promise<{ id: number; number: string }>;
    refunds?: {
      invoiceOfPayment: (tx: Tx | Db, paymentId: number) => Promise<PaymentInvoice | null>;
      creditNoteNumbers: (tx: Tx | Db, ids: number[]) => Promise<Map<number, string>>;
      settleCreditNote: (tx: Tx | Db, id: number, at: Date) => Promise<void>;
      /** an open invoice credited in full is closed (a cancellation by credit note); whether it was */
      closeIfCredited?: (tx: Tx, invoiceId: number, at: Date) => Promise<boolean>;
    };
  };
  /**
   * the vouchers module (issue 38 item 5; wired in app-modules.ts): a code checked at checkout,
   * its redemption held in the transaction that creates the attempt, redeemed with the payment
   * or released when the attempt ends unpaid
   */
  vouchers?: {
    quote: (code: string, use: { seminarId: number; price: number; userId: number }) => Promise<VoucherQuote>;
    hold: (
      tx: Tx,
      q: VoucherQuote,
      use: { seminarId: number; userId: number; bookingId: number; paymentId: number },
    ) => Promise<void>;
    settle: (tx: Tx, paymentId: number, to: 'redeemed' | 'released') => Promise<void>;
    ofPayment: (tx: Tx, paymentId: number) => Promise<{ code: string; discount: number } | undefined>;
  };
  /**
   * seat packages (issue 38 item 4; the companies module, wired in app-modules.ts): a package's
   * booking was paid (the package grants from now on), and a refund of a package's payment takes
   * seats (checked in the refund's claim with `apply` false, applied with its record)
   */
  seats?: {
    paid: (tx: Tx, packageId: number, at: Date) => Promise<void>;
    refund: (tx: Tx, r: SeatRefund, apply: boolean) => Promise<{ seats: number; released: number[] }>;
    /** the package's seats now and the people on them (the admin's refund form) */
    holders: (packageId: number) => Promise<{ seats: number; holders: { id: number; name: string }[] }>;
  };
  /** the job queue: a webhook's sync runs as a job (use-cases/webhook-job.ts); without it, at once */
  jobs?: JobQueue;
  /** null: payments are switched off (production without MOLLIE_API_KEY) */
  provider: PaymentProvider | null;
  log: FastifyBaseLogger;
  now?: () => number;
}

/** a refund of a seat package's payment, as the companies module decides its seats */
export interface SeatRefund {
  packageId: number;
  /** the refund's amount and whether it refunds everything left */
  amount: number;
  endsAll: boolean;
  /** what was paid for how many seats */
  paid: number;
  quantity: number;
  /** the employees whose seats the refund takes (the admin's choice) */
  userIds: number[];
  at: Date;
}

/** what an invoice needs of a paid payment: the invoices module's type */
export type { PaidPurchase, VoucherQuote };

/** the deps the use cases share, built once per app */
export interface PaymentsContext extends Omit<PaymentsDeps, 'now'> {
  now: () => number;
}

export function createPaymentsContext(deps: PaymentsDeps): PaymentsContext {
  return { ...deps, now: deps.now ?? Date.now };
}

/** a `creating` placeholder older than this belongs to a request that died: it is dropped */
export const STALE_CREATING_MS = 2 * 60_000;

export const iso = (d: Date | null) => (d ? d.toISOString() : null);
export const prefixOf = (locale: Locale) => (locale === 'en' ? '/en' : '');

export const paymentUnavailable = () => new AppError(503, 'payment.unavailable', 'payment.unavailable');
