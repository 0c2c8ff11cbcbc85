import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies } from './companies.ts';
import { companyBookings, seatPackages } from './company-bookings.ts';
import { bookings } from './payments.ts';
import { seminars } from './seminars.ts';
import { users } from './users.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Grants (module `enrolments`): a person holds a seminar through one row per grant. `source`:
 * `free` (a free booking), `purchase` (a settled purchase, `booking_id`), `company`
 * (an assignment to a company booking, `company_booking_id` + `company_id`). A person may hold a
 * seminar through several grants; losing one (an unassignment, a refund) leaves the others.
 * The owner's and an admin's own access follow from the seminar and the role and are not stored.
 */
export const enrolments = pgTable(
  'enrolments',
  {
    id: serial('id').primaryKey(),
    seminarId: integer('seminar_id')
      .notNull()
      .references(() => seminars.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** `free`, `purchase` or `company` */
    source: text('source').notNull(),
    /** the purchase this grant comes from (payments' `bookings`; source `purchase`) */
    bookingId: integer('booking_id').references(() => bookings.id, { onDelete: 'cascade' }),
    /** the company booking an assignment grants (source `company`) */
    companyBookingId: integer('company_booking_id').references(() => companyBookings.id, {
      onDelete: 'cascade',
    }),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    /** the seat package whose seat this assignment takes (issue 38 item 4); null = unlimited */
    seatPackageId: integer('seat_package_id').references(() => seatPackages.id, { onDelete: 'cascade' }),
    /** the grant ends then (a seat package's expiry); null = no end */
    validUntil: ts('valid_until'),
    /** who granted it (the manager who assigned); null for own bookings */
    grantedBy: integer('granted_by').references(() => users.id, { onDelete: 'set null' }),
    grantedAt: ts('granted_at').notNull().defaultNow(),
    /** the manager's due date of an assignment (source `company`; issue 36); null = none */
    dueAt: ts('due_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    // the hot look-up: does this user hold this seminar
    index('enrolments_user_seminar_idx').on(t.userId, t.seminarId),
    index('enrolments_seminar_idx').on(t.seminarId, t.source),
    uniqueIndex('enrolments_booking_unique').on(t.bookingId),
    // one free grant per seminar and user (concurrent free bookings make one)
    uniqueIndex('enrolments_free_unique').on(t.seminarId, t.userId).where(sql`${t.source} = 'free'`),
    uniqueIndex('enrolments_company_booking_user_unique').on(t.companyBookingId, t.userId),
    index('enrolments_company_user_idx').on(t.companyId, t.userId),
    index('enrolments_seat_package_idx').on(t.seatPackageId).where(sql`${t.seatPackageId} is not null`),
    index('enrolments_granted_by_idx').on(t.grantedBy).where(sql`${t.grantedBy} is not null`),
  ],
);
