import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { bookings } from './seminars.ts';
import { users } from './users.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

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
  ],
);
