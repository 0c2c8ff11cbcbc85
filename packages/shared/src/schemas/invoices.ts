import { z } from 'zod';
import { isQrIban, isValidIban, normalizeVatNumber } from '../domain/commerce-ids.ts';
import { encodeMessage as m } from '../i18n/messages.ts';
import { pageQuery, paginated } from './common.ts';
import { id, required } from './rules.ts';

/** an optional text: blank is null */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: m('validation.max', { max }) })
    .nullable()
    .optional()
    .transform((v) => (v ? v : null));

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: m('validation.max', { max }) })
    .default('');

/** when a company booking paid by invoice grants the seminar */
export const INVOICE_ACCESS = ['at_once', 'when_paid'] as const;
export type InvoiceAccess = (typeof INVOICE_ACCESS)[number];

/**
 * `PUT /api/admin/seller`: the seller on every invoice (issue 38 item 1). The VAT number is
 * stored in its printed form (`CHE-123.456.788 MWST`, `DE136695976`), IBANs without spaces.
 */
export const sellerSettingsBodySchema = z.strictObject({
  legal_name: required(200),
  /** street, postcode and town, country: one line each */
  address: required(500),
  vat_number: optionalText(40).refine((v) => v === null || normalizeVatNumber(v) !== null, {
    error: m('validation.vat_number'),
  }),
  /** the standard rate in percent, at most 2 decimals (8.1 = 8.10 %) */
  vat_rate: z
    .number({ error: m('validation.vat_rate') })
    .min(0, { error: m('validation.vat_rate') })
    .max(100, { error: m('validation.vat_rate') })
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, { error: m('validation.vat_rate') }),
  prices_include_vat: z.boolean({ error: m('validation.required') }),
  iban: optionalText(42)
    .refine((v) => v === null || isValidIban(v), { error: m('validation.iban') })
    .refine((v) => v === null || !isQrIban(v), { error: m('validation.iban_is_qr') }),
  qr_iban: optionalText(42).refine((v) => v === null || isQrIban(v), { error: m('validation.qr_iban') }),
  footer_de: text(1000),
  footer_en: text(1000),
  payment_terms_days: z
    .number({ error: m('validation.integer') })
    .int({ error: m('validation.integer') })
    .min(0, { error: m('validation.number_min', { min: 0 }) })
    .max(365, { error: m('validation.number_max', { max: 365 }) }),
  payment_terms_de: text(500),
  payment_terms_en: text(500),
  /** a company booking paid by invoice grants at once or when the invoice is paid (issue 38 item 3) */
  invoice_access: z.enum(INVOICE_ACCESS, { error: m('validation.required') }).default('when_paid'),
});
export type SellerSettingsBody = z.input<typeof sellerSettingsBodySchema>;

/** `GET /api/admin/seller`: the settings; `configured: false` until an admin saved them */
export const sellerSettingsDtoSchema = z.object({
  configured: z.boolean(),
  legal_name: z.string(),
  address: z.string(),
  vat_number: z.string().nullable(),
  vat_rate: z.number(),
  prices_include_vat: z.boolean(),
  iban: z.string().nullable(),
  qr_iban: z.string().nullable(),
  footer_de: z.string(),
  footer_en: z.string(),
  payment_terms_days: z.number().int(),
  payment_terms_de: z.string(),
  payment_terms_en: z.string(),
  invoice_access: z.enum(INVOICE_ACCESS),
  updated_at: z.string().nullable(),
});
export type SellerSettingsDto = z.infer<typeof sellerSettingsDtoSchema>;

export const INVOICE_STATES = ['paid', 'open'] as const;
export type InvoiceState = (typeof INVOICE_STATES)[number];
export const INVOICE_KINDS = ['invoice', 'credit_note'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

export const invoiceLineDtoSchema = z.object({
  position: z.number().int(),
  description: z.string(),
  seminar_id: z.number().int().nullable(),
  quantity: z.number().int(),
  /** minor units */
  net: z.number().int(),
  vat: z.number().int(),
  gross: z.number().int(),
});

/** an invoice or credit note as its buyer and admins see it (amounts in minor units) */
export const invoiceDtoSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  kind: z.enum(INVOICE_KINDS),
  /** a credit note: the number of the invoice it credits */
  credits_number: z.string().nullable(),
  state: z.enum(INVOICE_STATES),
  currency: z.string(),
  net_total: z.number().int(),
  vat_total: z.number().int(),
  rounding: z.number().int(),
  gross_total: z.number().int(),
  /** percent, e.g. 8.1 */
  vat_rate: z.number(),
  issued_at: z.string(),
  due_at: z.string().nullable(),
  paid_at: z.string().nullable(),
  booking_id: z.number().int().nullable(),
  company_id: z.number().int().nullable(),
  buyer: z.object({
    name: z.string(),
    email: z.string().nullable(),
    company: z.string().nullable(),
    reference: z.string().nullable(),
    /** the company's postal address as issued (lines), null: none (issue 38) */
    address: z.string().nullable().optional(),
  }),
  lines: z.array(invoiceLineDtoSchema),
  /** an open invoice's QR reference (27 digits) or creditor reference (`RF…`), else null */
  payment_reference: z.string().nullable().optional(),
  /** the admin list only: payment reminders sent for it (issue 38 item 3), null when none */
  reminders: z.object({ count: z.number().int(), last_at: z.string() }).nullable().optional(),
});
export type InvoiceDto = z.infer<typeof invoiceDtoSchema>;
export const invoicePageSchema = paginated(invoiceDtoSchema);

/** `GET /api/admin/invoices` and its export: filters */
export const adminInvoiceQuerySchema = pageQuery.extend({
  year: z.coerce.number().int().min(2000).max(2999).optional(),
  state: z.enum(INVOICE_STATES).optional(),
  company_id: id().optional(),
});
export type AdminInvoiceQuery = z.infer<typeof adminInvoiceQuerySchema>;
export const adminInvoiceExportQuerySchema = adminInvoiceQuerySchema.omit({ page: true, per_page: true });

/** `PUT /api/admin/companies/{id}/pay-by-invoice`: an admin allows a company to buy by invoice */
export const payByInvoiceBodySchema = z.strictObject({
  enabled: z.boolean({ error: m('validation.required') }),
});
export const payByInvoiceDtoSchema = z.object({ id: z.number().int(), pay_by_invoice: z.boolean() });
export type PayByInvoiceDto = z.infer<typeof payByInvoiceDtoSchema>;

/** `POST /api/companies/booking/invoice`: the company booking and its open invoice */
export const invoiceCheckoutDtoSchema = z.object({
  booking_id: z.number().int(),
  /** the seminar is granted now (`at_once`) or when the invoice is paid */
  granted: z.boolean(),
  invoice: invoiceDtoSchema,
});
export type InvoiceCheckoutDto = z.infer<typeof invoiceCheckoutDtoSchema>;

/** `POST /api/admin/invoices/camt054/{preview,apply}`: a camt.054 bank notification (XML text) */
export const camtImportBodySchema = z.strictObject({
  xml: z
    .string({ error: m('validation.required') })
    .min(1, { error: m('validation.required') })
    .max(5_000_000, { error: m('validation.max', { max: 5_000_000 }) }),
});
export type CamtImportBody = z.infer<typeof camtImportBodySchema>;

/** how a credit of the statement matches our invoices */
export const CAMT_MATCHES = ['matched', 'already_paid', 'amount_mismatch', 'unmatched'] as const;
export type CamtMatch = (typeof CAMT_MATCHES)[number];

export const camtEntrySchema = z.object({
  /** the bank's reference of the entry or transaction */
  bank_reference: z.string().nullable(),
  booked_on: z.string().nullable(),
  /** minor units */
  amount: z.number().int(),
  currency: z.string(),
  reference: z.string().nullable(),
  debtor: z.string().nullable(),
  match: z.enum(CAMT_MATCHES),
  invoice: z
    .object({ id: z.number().int(), number: z.string(), gross_total: z.number().int(), currency: z.string() })
    .nullable(),
});
export type CamtEntry = z.infer<typeof camtEntrySchema>;

/** the preview (nothing changed) or the result of applying it (`applied`: invoices marked paid) */
export const camtImportDtoSchema = z.object({
  version: z.string(),
  entries: z.array(camtEntrySchema),
  applied: z.number().int(),
});
export type CamtImportDto = z.infer<typeof camtImportDtoSchema>;
