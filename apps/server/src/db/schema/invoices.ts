import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { companies } from './companies.ts';
import { bookings, payments } from './payments.ts';
import { users } from './users.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * The seller on every invoice (module `invoices`, issue 38 item 1): one row (`id` = 1), edited
 * by admins. Each invoice keeps a snapshot of it (`invoices.seller`), so later edits never
 * change an issued invoice.
 */
export const sellerSettings = pgTable(
  'seller_settings',
  {
    id: integer('id').primaryKey().default(1),
    legalName: text('legal_name').notNull(),
    /** street, postcode and town, country: lines as entered */
    address: text('address').notNull(),
    /** `CHE-123.456.789 MWST` or `DE123456789`; null: not VAT registered */
    vatNumber: text('vat_number'),
    /** the standard VAT rate in hundredths of a percent (8.10 % = 810) */
    vatRateBp: integer('vat_rate_bp').notNull().default(0),
    /** seminar prices are gross (VAT included) or net (VAT added at checkout) */
    pricesIncludeVat: boolean('prices_include_vat').notNull().default(true),
    iban: text('iban'),
    qrIban: text('qr_iban'),
    footerDe: text('footer_de').notNull().default(''),
    footerEn: text('footer_en').notNull().default(''),
    paymentTermsDays: integer('payment_terms_days').notNull().default(30),
    paymentTermsDe: text('payment_terms_de').notNull().default(''),
    paymentTermsEn: text('payment_terms_en').notNull().default(''),
    /**
     * a company booking paid by invoice (issue 38 item 3): `at_once` grants it when the open invoice
     * is issued, `when_paid` when the invoice is paid
     */
    invoiceAccess: text('invoice_access').notNull().default('when_paid'),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('seller_settings_one_row', sql`${t.id} = 1`),
    check('seller_settings_invoice_access', sql`${t.invoiceAccess} in ('at_once', 'when_paid')`),
    index('seller_settings_updated_by_idx').on(t.updatedBy).where(sql`${t.updatedBy} is not null`),
  ],
);

/**
 * The last number given per year (gap-free numbering, docs/decisions/payments.md): taken with
 * `INSERT … ON CONFLICT DO UPDATE … RETURNING` in the transaction that issues the invoice, so the
 * row lock orders concurrent issuers and a rolled-back transaction gives its number back.
 */
export const invoiceCounters = pgTable('invoice_counters', {
  year: integer('year').primaryKey(),
  last: integer('last').notNull(),
});

/**
 * The payment references of open invoices (QR reference or creditor reference, issue 38 item 3):
 * a gap in them does not matter, so a sequence gives them (the reference is known before the
 * invoice's one issuing statement runs).
 */
export const invoiceReferenceSeq = pgSequence('invoice_reference_seq', { startWith: 1000 });

/** The last credit note number given per year: credit notes count in a series of their own (`GS-2026-000001`). */
export const creditNoteCounters = pgTable('credit_note_counters', {
  year: integer('year').primaryKey(),
  last: integer('last').notNull(),
});

/**
 * Invoices and credit notes (`kind`), immutable once issued: only `state` and `paid_at` of an
 * open invoice ever change (the database refuses every other update and every delete).
 */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    /** `2026-000123` */
    number: text('number').notNull(),
    year: integer('year').notNull(),
    seq: integer('seq').notNull(),
    /** `invoice` or `credit_note` */
    kind: text('kind').notNull().default('invoice'),
    /** a credit note: the invoice it credits */
    creditsInvoiceId: integer('credits_invoice_id').references((): AnyPgColumn => invoices.id),
    bookingId: integer('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    paymentId: integer('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    /** the person who bought (the buyer of a person's booking, the manager of a company's) */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'set null' }),
    /** `paid` or `open` */
    state: text('state').notNull(),
    locale: text('locale').notNull(),
    currency: text('currency').notNull(),
    /** minor units; a credit note's amounts are positive (what is credited) */
    netTotal: integer('net_total').notNull(),
    vatTotal: integer('vat_total').notNull(),
    /** cash rounding of the total (CHF to 0.05), included in `gross_total` */
    rounding: integer('rounding').notNull().default(0),
    grossTotal: integer('gross_total').notNull(),
    vatRateBp: integer('vat_rate_bp').notNull(),
    pricesIncludeVat: boolean('prices_include_vat').notNull(),
    /** the seller settings as they were when issued */
    seller: jsonb('seller').notNull(),
    /** the buyer as they were when issued: name, email, address, company, reference */
    buyer: jsonb('buyer').notNull(),
    issuedAt: ts('issued_at').notNull(),
    dueAt: ts('due_at'),
    paidAt: ts('paid_at'),
    /**
     * an open invoice's payment reference, digits only: a QR reference (27 digits, QR-IBAN) or a
     * creditor reference (`RF…`, ISO 11649, IBAN); the bank statement's payments match it
     */
    paymentReference: text('payment_reference'),
  },
  (t) => [
    uniqueIndex('invoices_number_unique').on(t.number),
    uniqueIndex('invoices_kind_year_seq_unique').on(t.kind, t.year, t.seq),
    // one invoice per paid payment: issuing twice is refused by the database
    uniqueIndex('invoices_one_per_payment')
      .on(t.paymentId)
      .where(sql`${t.kind} = 'invoice' and ${t.paymentId} is not null`),
    uniqueIndex('invoices_payment_reference_unique')
      .on(t.paymentReference)
      .where(sql`${t.paymentReference} is not null`),
    index('invoices_user_idx').on(t.userId, t.id).where(sql`${t.userId} is not null`),
    index('invoices_company_idx').on(t.companyId, t.id).where(sql`${t.companyId} is not null`),
    index('invoices_booking_idx').on(t.bookingId).where(sql`${t.bookingId} is not null`),
    index('invoices_credits_idx').on(t.creditsInvoiceId).where(sql`${t.creditsInvoiceId} is not null`),
    check('invoices_kind', sql`${t.kind} in ('invoice', 'credit_note')`),
    check('invoices_state', sql`${t.state} in ('paid', 'open')`),
  ],
);

/** An invoice's lines (immutable with it). */
export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: serial('id').primaryKey(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id),
    position: integer('position').notNull(),
    description: text('description').notNull(),
    seminarId: integer('seminar_id'),
    quantity: integer('quantity').notNull().default(1),
    /** minor units */
    net: integer('net').notNull(),
    vat: integer('vat').notNull(),
    gross: integer('gross').notNull(),
    vatRateBp: integer('vat_rate_bp').notNull(),
  },
  (t) => [uniqueIndex('invoice_lines_invoice_position_unique').on(t.invoiceId, t.position)],
);
