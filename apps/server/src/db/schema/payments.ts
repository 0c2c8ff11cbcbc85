import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies } from './companies.ts';
import { seatPackages } from './company-bookings.ts';
import { seminars } from './seminars.ts';
import { users } from './users.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Personal bookings of a seminar (module payments): one per seminar and user. A free one is
 * `free`; a priced one starts `pending` and moves with its payments (`failed`, `canceled`,
 * `expired`, `paid`). Only a `free` or settled (`paid`) booking is a grant (`enrolments`).
 */
export const bookings = pgTable(
  'bookings',
  {
    id: serial('id').primaryKey(),
    seminarId: integer('seminar_id')
      .notNull()
      .references(() => seminars.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    price: integer('price').notNull().default(0),
    currency: text('currency').notNull(),
    /**
     * a manager's purchase on behalf of a company: when paid, the company gets the seminar too
     * (a `company_bookings` row); null for own bookings
     */
    forCompanyId: integer('for_company_id').references(() => companies.id, { onDelete: 'set null' }),
    /** a company purchase: the buyer's reference or PO number for the invoice (issue 38) */
    reference: text('reference'),
    /**
     * a company's seat package (issue 38 item 4): this booking pays for `quantity` seats of it;
     * null for a personal booking or an unlimited company purchase
     */
    seatPackageId: integer('seat_package_id').references(() => seatPackages.id, { onDelete: 'set null' }),
    /** seats paid for (1 unless a seat package); the invoice line's quantity */
    quantity: integer('quantity').notNull().default(1),
    /** when the seminar was granted (free booking, or the first `paid` webhook); set once */
    grantedAt: ts('granted_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // one personal booking per seminar and user; a manager buys any number of seat packages
    uniqueIndex('bookings_seminar_user_unique')
      .on(t.seminarId, t.userId)
      .where(sql`${t.seatPackageId} is null`),
    uniqueIndex('bookings_seat_package_unique').on(t.seatPackageId),
    // the unique index above leaves out the packages: a seminar's bookings (all kinds) by this one
    index('bookings_seminar_idx').on(t.seminarId),
    index('bookings_user_idx').on(t.userId),
    index('bookings_created_idx').on(t.createdAt),
    // every foreign key has an index (a deleted company finds its purchases without a scan)
    index('bookings_for_company_idx').on(t.forCompanyId).where(sql`${t.forCompanyId} is not null`),
  ],
);

/**
 * One payment attempt for a booking at the provider (Mollie, or the built-in test checkout when
 * no API key is set). A booking can have several attempts (pay again after a failure); the
 * booking's own status says whether the seminar is granted.
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** `mollie` or `test` */
    provider: text('provider').notNull(),
    /** the provider's payment id (`tr_…`) */
    providerId: text('provider_id').notNull(),
    /** minor units */
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    /** open, pending, authorized, paid, failed, canceled, expired */
    status: text('status').notNull(),
    checkoutUrl: text('checkout_url'),
    paidAt: ts('paid_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_provider_id_unique').on(t.provider, t.providerId),
    index('payments_booking_idx').on(t.bookingId),
    index('payments_user_created_idx').on(t.userId, t.createdAt),
    // at most one attempt in progress per booking: concurrent "book now" calls cannot open two
    uniqueIndex('payments_one_open_per_booking')
      .on(t.bookingId)
      .where(sql`${t.status} in ('creating', 'open', 'pending', 'authorized')`),
  ],
);

/**
 * The built-in test provider's own records (used when no MOLLIE_API_KEY is set): what Mollie keeps
 * on its side. Our `payments` rows point at these by `provider_id`, exactly as at Mollie.
 */
export const testPayments = pgTable('test_payments', {
  /** `tr_test…` */
  id: text('id').primaryKey(),
  /** minor units */
  amount: integer('amount').notNull(),
  currency: text('currency').notNull(),
  description: text('description').notNull(),
  redirectUrl: text('redirect_url').notNull(),
  webhookUrl: text('webhook_url'),
  metadata: jsonb('metadata').$type<Record<string, unknown>>(),
  /** open, paid, failed, canceled, expired */
  status: text('status').notNull().default('open'),
  paidAt: ts('paid_at'),
  expiresAt: ts('expires_at').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});
