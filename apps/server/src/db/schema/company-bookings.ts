import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies } from './companies.ts';
import { seminars } from './seminars.ts';
import { users } from './users.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A seminar booked for a whole company (one per company and seminar). `free` and `paid` grant
 * it; employees get it when a manager assigns them (a `bookings` row with status `company` that
 * points here).
 */
export const companyBookings = pgTable(
  'company_bookings',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    seminarId: integer('seminar_id')
      .notNull()
      .references(() => seminars.id, { onDelete: 'cascade' }),
    bookedBy: integer('booked_by').references(() => users.id, { onDelete: 'set null' }),
    status: text('status').notNull(),
    price: integer('price').notNull().default(0),
    currency: text('currency').notNull(),
    grantedAt: ts('granted_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('company_bookings_company_seminar_unique').on(t.companyId, t.seminarId),
    index('company_bookings_seminar_idx').on(t.seminarId),
    index('company_bookings_booked_by_idx').on(t.bookedBy).where(sql`${t.bookedBy} is not null`),
  ],
);

/**
 * A package of seats of a priced seminar bought by a company (issue 38 item 4): the manager
 * assigns up to `seats` employees while it is valid (`valid_from` ≤ now < `valid_until`); each
 * assignment is a company grant (enrolments) that points here and ends at `valid_until`.
 * `pending` until paid, `paid` grants, `refunded` once every seat was refunded. A partial refund
 * of k seats' worth lowers `seats` by k (`seats_bought` keeps the number bought). More seats or a
 * longer period is a new package.
 */
export const seatPackages = pgTable(
  'seat_packages',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    seminarId: integer('seminar_id')
      .notNull()
      .references(() => seminars.id, { onDelete: 'cascade' }),
    /** the manager who bought it */
    boughtBy: integer('bought_by').references(() => users.id, { onDelete: 'set null' }),
    /** pending, paid, refunded */
    status: text('status').notNull(),
    seats: integer('seats').notNull(),
    seatsBought: integer('seats_bought').notNull(),
    /** the seminar's list price per seat at the purchase (minor units) */
    unitPrice: integer('unit_price').notNull(),
    currency: text('currency').notNull(),
    months: integer('months').notNull(),
    validFrom: ts('valid_from').notNull(),
    validUntil: ts('valid_until').notNull(),
    paidAt: ts('paid_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('seat_packages_company_seminar_idx').on(t.companyId, t.seminarId),
    index('seat_packages_seminar_idx').on(t.seminarId),
    index('seat_packages_valid_until_idx').on(t.validUntil),
    index('seat_packages_bought_by_idx').on(t.boughtBy).where(sql`${t.boughtBy} is not null`),
  ],
);

/** A company's invitation link for new employees (one live link per company). */
export const companyInvitations = pgTable(
  'company_invitations',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('company_invitations_token_hash_unique').on(t.tokenHash),
    index('company_invitations_company_idx').on(t.companyId),
    index('company_invitations_created_by_idx').on(t.createdBy).where(sql`${t.createdBy} is not null`),
  ],
);
