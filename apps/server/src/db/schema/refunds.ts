import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { invoiceLines, invoices } from './invoices.ts';
import { payments, testPayments } from './payments.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Refunds of paid payments (module payments, issue 38 item 6): one row per refund asked of the
 * provider. `creating` holds the payment's one "refund in progress" slot while the provider is
 * asked (a second refund of the same payment at the same moment is refused); then Mollie's refund
 * statuses (`queued`, `pending`, `processing`, `refunded`, `failed`, `canceled`), updated by the
 * payment's webhook. Who refunded is in the audit trail (`payment.refunded`).
 */
export const refunds = pgTable(
  'refunds',
  {
    id: serial('id').primaryKey(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    /** `mollie` or `test` (the payment's provider) */
    provider: text('provider').notNull(),
    /** the provider's refund id (`re_…`); `creating:<uuid>` while it is asked */
    providerId: text('provider_id').notNull(),
    /** minor units, > 0 */
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    status: text('status').notNull(),
    /** the invoice line refunded (a line refund); null for an amount or the whole payment */
    invoiceLineId: integer('invoice_line_id').references(() => invoiceLines.id),
    /** the refund ends the grant of the payment's booking (a line or the whole payment) */
    endsGrant: boolean('ends_grant').notNull().default(false),
    /** the credit note issued for it */
    creditNoteId: integer('credit_note_id').references(() => invoices.id),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('refunds_provider_id_unique').on(t.provider, t.providerId),
    index('refunds_payment_idx').on(t.paymentId, t.id),
    // one refund asked at a time per payment: two concurrent refunds cannot both pass the check
    uniqueIndex('refunds_one_creating_per_payment').on(t.paymentId).where(sql`${t.status} = 'creating'`),
    index('refunds_invoice_line_idx').on(t.invoiceLineId).where(sql`${t.invoiceLineId} is not null`),
    index('refunds_credit_note_idx').on(t.creditNoteId).where(sql`${t.creditNoteId} is not null`),
  ],
);

/**
 * The built-in test provider's refunds (no MOLLIE_API_KEY): what Mollie keeps on its side. A test
 * refund starts `pending` and is `refunded` when the payment is next fetched (the simulation).
 */
export const testRefunds = pgTable(
  'test_refunds',
  {
    /** `re_test…` */
    id: text('id').primaryKey(),
    paymentId: text('payment_id')
      .notNull()
      .references(() => testPayments.id, { onDelete: 'cascade' }),
    /** minor units */
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    description: text('description').notNull(),
    status: text('status').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('test_refunds_payment_idx').on(t.paymentId)],
);
