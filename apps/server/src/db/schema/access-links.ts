import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies } from './companies.ts';
import { enrolments } from './enrolments.ts';
import { seminars } from './seminars.ts';
import { users } from './users.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A temporary link that plays one employee's assigned seminar without an account (the holder of
 * the link plays through the employee's company grant). The token
 * (256 bits) is looked up by its SHA-256; `token_sealed` is the token encrypted with a key derived
 * from SESSION_SECRET (AES-256-GCM) so that a manager can copy the link again.
 */
export const accessLinks = pgTable(
  'access_links',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    tokenSealed: text('token_sealed').notNull(),
    /** the employee's company grant it plays (the link ends with it) */
    enrolmentId: integer('enrolment_id')
      .notNull()
      .references(() => enrolments.id, { onDelete: 'cascade' }),
    /** copied from the grant: what the link opens, for whom, in which company */
    seminarId: integer('seminar_id')
      .notNull()
      .references(() => seminars.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    lastUsedAt: ts('last_used_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('access_links_token_hash_unique').on(t.tokenHash),
    index('access_links_enrolment_idx').on(t.enrolmentId),
    index('access_links_company_created_idx').on(t.companyId, t.createdAt),
    index('access_links_user_idx').on(t.userId),
    index('access_links_seminar_idx').on(t.seminarId),
    index('access_links_created_by_idx').on(t.createdBy).where(sql`${t.createdBy} is not null`),
  ],
);
