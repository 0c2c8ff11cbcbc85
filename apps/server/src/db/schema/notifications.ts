import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * What mails a person wants (module `notifications`, issue 36 item 6). No row: everything on.
 */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  dueReminders: boolean('due_reminders').notNull().default(true),
  managerDigest: boolean('manager_digest').notNull().default(true),
  dripUnlocks: boolean('drip_unlocks').notNull().default(true),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/**
 * Every scheduled or manual notification sent, one row per (recipient, thing, kind, period): the
 * row and the mail's job are written in one transaction, so a mail is queued exactly once however
 * often a run repeats. `subject` names the thing (`enrolment:12`, `company:3`, `chapter:7`,
 * `seminar:5`); `period` the occasion (`before:2026-12-01`, `overdue:2026-12-01`, `2026-W48`).
 * A manager's reminder (kind `remind`) keeps one row per pair whose `sent_at` moves forward.
 */
export const notificationSends = pgTable(
  'notification_sends',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    subject: text('subject').notNull(),
    period: text('period').notNull().default(sql`''`),
    sentAt: ts('sent_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('notification_sends_unique').on(t.userId, t.kind, t.subject, t.period)],
);
