import { z } from 'zod';
import { encodeMessage as m } from '../i18n/messages.ts';

/** Contract: docs/api/revenue.md (issue 38 item 7) */

export const REVENUE_GROUPS = ['month', 'seminar', 'company'] as const;
export type RevenueGroup = (typeof REVENUE_GROUPS)[number];

/** the longest range the overview sums over: five years */
export const REVENUE_MAX_MONTHS = 60;

const month = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: m('validation.revenue_month') })
  .optional();

/**
 * `GET /api/admin/revenue` and its export: months `YYYY-MM` (both included; default the last 12
 * months up to this one) and the grouping (default `month`). The order and length of the range
 * are checked by the server once the defaults are filled in.
 */
export const revenueQuerySchema = z.object({
  from: month,
  to: month,
  group: z.enum(REVENUE_GROUPS, { error: m('validation.revenue_group') }).default('month'),
});
export type RevenueQuery = z.infer<typeof revenueQuerySchema>;

/** minor units (cents) */
export const revenueAmountsSchema = z.object({
  net: z.number().int(),
  vat: z.number().int(),
  gross: z.number().int(),
});
export type RevenueAmounts = z.infer<typeof revenueAmountsSchema>;

const figures = {
  currency: z.string(),
  /** invoices paid, less the credit notes settled (refunded) */
  paid: revenueAmountsSchema,
  /** invoices not yet paid, less the credit notes not yet settled */
  open: revenueAmountsSchema,
  /** invoices (credit notes not counted) */
  invoices: z.number().int(),
  credit_notes: z.number().int(),
};

export const revenueRowSchema = z.object({
  /** `2026-03`, a seminar id, a company id; null: no seminar (e.g. cash rounding) or no company */
  key: z.string().nullable(),
  /** the seminar's title or the company's name as on the latest invoice; the month for `month` */
  label: z.string().nullable(),
  ...figures,
});
export type RevenueRow = z.infer<typeof revenueRowSchema>;

export const revenueTotalSchema = z.object(figures);
export type RevenueTotal = z.infer<typeof revenueTotalSchema>;

export const revenueDtoSchema = z.object({
  from: z.string(),
  to: z.string(),
  group: z.enum(REVENUE_GROUPS),
  rows: z.array(revenueRowSchema),
  /** one per currency */
  totals: z.array(revenueTotalSchema),
});
export type RevenueDto = z.infer<typeof revenueDtoSchema>;
