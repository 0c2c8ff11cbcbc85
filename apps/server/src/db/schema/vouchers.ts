import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { bookings, payments } from './payments.ts';
import { seminars } from './seminars.ts';
import { users } from './users.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Vouchers (module `vouchers`, issue 38 item 5): a code (unique regardless of case) worth a
 * percentage or a fixed amount (minor units of the shop's currency) off a seminar's list price,
 * for all seminars or the chosen ones (`voucher_seminars`), valid from/to, with a total and a
 * per-user cap on its redemptions.
 */
export const vouchers = pgTable(
  'vouchers',
  {
    id: serial('id').primaryKey(),
    /** as entered by the admin; compared in lower case */
    code: text('code').notNull(),
    /** `percent` or `amount` */
    kind: text('kind').notNull(),
    /** percent: 1..100; amount: minor units > 0 */
    value: integer('value').notNull(),
    allSeminars: boolean('all_seminars').notNull().default(true),
    validFrom: ts('valid_from'),
    validTo: ts('valid_to'),
    /** redemptions in all (held or redeemed); null: no cap */
    totalCap: integer('total_cap'),
    /** redemptions per user; null: no cap */
    perUserCap: integer('per_user_cap'),
    active: boolean('active').notNull().default(true),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('vouchers_code_lower_unique').on(sql`lower(${t.code})`),
    check('vouchers_kind', sql`${t.kind} in ('percent', 'amount')`),
    check('vouchers_value', sql`${t.value} > 0 and (${t.kind} <> 'percent' or ${t.value} <= 100)`),
  ],
);

/** The seminars a voucher is for when it is not for all of them. */
export const voucherSeminars = pgTable(
  'voucher_seminars',
  {
    voucherId: integer('voucher_id')
      .notNull()
      .references(() => vouchers.id, { onDelete: 'cascade' }),
    seminarId: integer('seminar_id')
      .notNull()
      .references(() => seminars.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.voucherId, t.seminarId] }),
    index('voucher_seminars_seminar_idx').on(t.seminarId),
  ],
);

/**
 * One use of a voucher for one payment attempt: `held` from the checkout's start (counted
 * against the caps), `redeemed` when paid, `released` when the attempt failed, was canceled
 * or expired (no longer counted). Written in the transaction that creates the attempt, after
 * locking the voucher row, so the caps hold under concurrency (docs/decisions.md "Vouchers").
 */
export const voucherRedemptions = pgTable(
  'voucher_redemptions',
  {
    id: serial('id').primaryKey(),
    voucherId: integer('voucher_id')
      .notNull()
      .references(() => vouchers.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    /** the seminar bought (the booking's; kept here so that vouchers need not read bookings) */
    seminarId: integer('seminar_id')
      .notNull()
      .references(() => seminars.id, { onDelete: 'cascade' }),
    /** the attempt it was held for; dropped with it (a provider that refused the attempt) */
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    /** the code as entered at checkout */
    code: text('code').notNull(),
    /** minor units taken off the list price */
    discount: integer('discount').notNull(),
    /** `held`, `redeemed`, `released` */
    status: text('status').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('voucher_redemptions_payment_unique').on(t.paymentId),
    index('voucher_redemptions_voucher_idx').on(t.voucherId, t.status),
    index('voucher_redemptions_user_idx').on(t.userId),
    index('voucher_redemptions_booking_idx').on(t.bookingId),
    index('voucher_redemptions_seminar_idx').on(t.seminarId),
    check('voucher_redemptions_status', sql`${t.status} in ('held', 'redeemed', 'released')`),
  ],
);
