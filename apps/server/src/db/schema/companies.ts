import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

export const companies = pgTable(
  'companies',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    shortName: text('short_name').notNull(),
    /** an admin allows its managers to buy by invoice (issue 38 item 3) */
    payByInvoice: boolean('pay_by_invoice').notNull().default(false),
    /**
     * The postal address printed on its invoices and put in the QR-bill's debtor (issue 38): all
     * optional; edited by admins and the company's managers (`PUT /api/companies/{id}/address`)
     */
    addressStreet: text('address_street'),
    addressBuildingNumber: text('address_building_number'),
    addressPostalCode: text('address_postal_code'),
    addressTown: text('address_town'),
    /** ISO 3166-1 alpha-2, upper case */
    addressCountry: text('address_country'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('companies_short_name_lower_unique').on(sql`lower(${t.shortName})`)],
);

export const companyUsers = pgTable(
  'company_users',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** a corporateTraining user who manages this company */
    manager: boolean('manager').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.userId] }), index('company_users_user_idx').on(t.userId)],
);

/**
 * A person who registered through a company's invitation link and has not yet confirmed the
 * e-mail address: the membership begins when the address is verified (issue 11 item 10).
 */
export const companyPendingMembers = pgTable(
  'company_pending_members',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.userId] }),
    index('company_pending_members_user_idx').on(t.userId),
  ],
);

/**
 * An invitation a manager sent to an e-mail address (issue 11 item 18): whoever holds that
 * address joins after logging in with it and accepting. One per company and address (sending it
 * again renews it); it ends when accepted, revoked or expired.
 */
export const companyMemberInvitations = pgTable(
  'company_member_invitations',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** normalized (lower case), as user addresses are */
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    uniqueIndex('company_member_invitations_token_unique').on(t.tokenHash),
    uniqueIndex('company_member_invitations_company_email_unique').on(t.companyId, t.email),
    index('company_member_invitations_invited_by_idx').on(t.invitedBy).where(sql`${t.invitedBy} is not null`),
  ],
);
