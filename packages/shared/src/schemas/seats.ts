import { z } from 'zod';
import { encodeMessage as m } from '../i18n/messages.ts';
import { invoiceDtoSchema } from './invoices.ts';
import { checkoutDtoSchema } from './payment.ts';
import { id } from './rules.ts';
import { dueDate } from './team.ts';
import { voucherCodeSchema } from './vouchers.ts';

/**
 * Seat packages (issue 38 item 4): a company buys N seats of a priced seminar, valid from a day
 * for a number of months; the manager assigns up to N employees while it is valid (through
 * `POST /api/companies/assign-seminar`). Contract: docs/api/companies.md.
 */

/** the periods a package is sold for, in months */
export const SEAT_MONTHS = [3, 6, 12, 24] as const;
export const SEATS_MAX = 500;
/** how a package is paid: by card now (Mollie), or against an open invoice (pay by invoice) */
export const SEAT_PAY_BY = ['card', 'invoice'] as const;

/** `POST /api/companies/seat-packages` */
export const seatPurchaseBodySchema = z
  .strictObject({
    companyId: id(),
    seminarId: id(),
    seats: z
      .number({ error: m('validation.integer') })
      .int({ error: m('validation.integer') })
      .min(1, { error: m('validation.number_min', { min: 1 }) })
      .max(SEATS_MAX, { error: m('validation.number_max', { max: SEATS_MAX }) }),
    /** the first day (Europe/Zurich; today when left out); not in the past */
    valid_from: dueDate().optional(),
    months: z
      .number({ error: m('seats.months') })
      .refine((v) => (SEAT_MONTHS as readonly number[]).includes(v), { error: m('seats.months') }),
    reference: z
      .string()
      .trim()
      .max(64, { error: m('validation.max', { max: 64 }) })
      .optional()
      .transform((v) => (v ? v : undefined)),
    pay_by: z.enum(SEAT_PAY_BY, { error: m('validation.invalid') }).default('card'),
    /** a voucher code (issue 38 item 5): packages bought by invoice only */
    voucherCode: voucherCodeSchema().optional(),
  })
  .refine((b) => !b.voucherCode || b.pay_by === 'invoice', {
    path: ['voucherCode'],
    error: m('voucher.invoice_only'),
  });
export type SeatPurchaseBody = z.infer<typeof seatPurchaseBodySchema>;

export const SEAT_PACKAGE_STATUSES = ['pending', 'paid', 'refunded'] as const;

/** one seat package as its company's managers (and admins) see it */
export const seatPackageDtoSchema = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  seminar: z.object({ id: z.number().int(), title: z.string() }),
  status: z.enum(SEAT_PACKAGE_STATUSES),
  /** seats now (after refunds) and as bought */
  seats: z.number().int(),
  seats_bought: z.number().int(),
  seats_taken: z.number().int(),
  seats_left: z.number().int(),
  /** minor units, per seat */
  unit_price: z.number().int(),
  currency: z.string(),
  months: z.number().int(),
  valid_from: z.string(),
  valid_until: z.string(),
  /** past its end: its seats ended with it */
  expired: z.boolean(),
  created_at: z.string(),
});
export type SeatPackageDto = z.infer<typeof seatPackageDtoSchema>;

/**
 * the answer to a purchase: the package and the card checkout to go to (null: paid by invoice),
 * or paid by invoice its open invoice with the payment reference of the QR-bill
 */
export const seatPurchaseResultSchema = z.object({
  package: seatPackageDtoSchema,
  checkout: checkoutDtoSchema.nullable(),
  invoice: invoiceDtoSchema.nullable().optional(),
});
export type SeatPurchaseResult = z.infer<typeof seatPurchaseResultSchema>;
