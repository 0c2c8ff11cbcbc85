import { integer, pgTable, serial, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { invoices } from './invoices.ts';

/**
 * The payment reminders sent for an overdue invoice (module `invoices`, issue 38 item 3;
 * docs/decisions/payments.md "Payment reminders"): one row per invoice and step (1: a day after
 * the due date, 2: two weeks after), written in the transaction that queues the step's mails, so
 * a step is sent at most once across instances and retries. Names no person: the mails go to the
 * buyer or the company's managers as they are when the step is sent.
 */
export const invoiceReminders = pgTable(
  'invoice_reminders',
  {
    id: serial('id').primaryKey(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id),
    step: integer('step').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** the mails queued for the step (0: nobody could be written to) */
    mails: integer('mails').notNull().default(0),
  },
  (t) => [uniqueIndex('invoice_reminders_step_unique').on(t.invoiceId, t.step)],
);
