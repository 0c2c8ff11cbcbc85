import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Data exports (issue 19, module `privacy`): an archive of one person's data, prepared in the
 * background and stored in the file store (`exports/<random>.zip`) for 24 hours. The state lives
 * here, not in a process, so that any instance may answer the download and a restart loses
 * nothing but the running job (a `pending` row older than 15 minutes counts as failed).
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: serial('id').primaryKey(),
    /** whose data */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** who asked and alone may download it (the person, or an admin on the person's request) */
    requestedBy: integer('requested_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** `pending`, `ready` or `failed` */
    status: text('status').notNull().default('pending'),
    fileKey: text('file_key'),
    size: bigint('size', { mode: 'number' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    readyAt: ts('ready_at'),
    /** the download ends (24 h after it was ready); the sweep removes row and file after it */
    expiresAt: ts('expires_at'),
  },
  (t) => [
    index('data_exports_requested_by_idx').on(t.requestedBy, t.createdAt),
    index('data_exports_user_idx').on(t.userId),
  ],
);

/**
 * Account deletions (issue 19): one row per account whose deletion was asked for. `pending`
 * until `due_at` (14 days; a login before then deletes the row and so undoes it), then the sweep
 * claims it (`erasing`, `claimed_at`) and erases or anonymises the account (`erased`). The erased
 * row stays as the record that the account was erased (it names no person: the user row it points
 * to is anonymised).
 */
export const accountDeletions = pgTable(
  'account_deletions',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** the person themselves or the admin who asked on their behalf */
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    /** `pending`, `erasing` or `erased` */
    status: text('status').notNull().default('pending'),
    requestedAt: ts('requested_at').notNull().defaultNow(),
    dueAt: ts('due_at').notNull(),
    claimedAt: ts('claimed_at'),
    erasedAt: ts('erased_at'),
  },
  (t) => [
    index('account_deletions_status_due_idx').on(t.status, t.dueAt),
    index('account_deletions_requested_by_idx').on(t.requestedBy).where(sql`${t.requestedBy} is not null`),
  ],
);
