import { z } from 'zod';
import { encodeMessage as m } from '../i18n/messages.ts';
import { paginated } from './common.ts';
import { id } from './rules.ts';

export const VOUCHER_KINDS = ['percent', 'amount'] as const;
export type VoucherKind = (typeof VOUCHER_KINDS)[number];
export const REDEMPTION_STATUSES = ['held', 'redeemed', 'released'] as const;
export type RedemptionStatus = (typeof REDEMPTION_STATUSES)[number];

/** a code: letters, digits, `-` and `_`, 3 to 40 characters; compared regardless of case */
export const VOUCHER_CODE = /^[A-Za-z0-9_-]{3,40}$/;

export const voucherCodeSchema = () =>
  z
    .string({ error: m('validation.required') })
    .trim()
    .min(1, { error: m('validation.required') })
    .regex(VOUCHER_CODE, { error: m('voucher.code_format') })
    .meta({ pattern: VOUCHER_CODE.source });

const cap = () =>
  z
    .number({ error: m('validation.integer') })
    .int({ error: m('validation.integer') })
    .min(1, { error: m('validation.number_min', { min: 1 }) })
    .max(1_000_000, { error: m('validation.number_max', { max: 1_000_000 }) })
    .nullable()
    .default(null);

const instant = () =>
  z.iso
    .datetime({ offset: true, error: m('validation.invalid') })
    .nullable()
    .default(null);

/**
 * `POST /api/admin/vouchers` and `PUT /api/admin/vouchers/{id}`: a percentage (1..100) or a fixed
 * amount in minor units of the shop's currency, for all seminars or the chosen ones.
 */
export const voucherBodySchema = z
  .strictObject({
    code: voucherCodeSchema(),
    kind: z.enum(VOUCHER_KINDS, { error: m('validation.required') }),
    /** percent: 1..100; amount: minor units */
    value: z
      .number({ error: m('validation.integer') })
      .int({ error: m('validation.integer') })
      .min(1, { error: m('validation.number_min', { min: 1 }) })
      .max(100_000_000, { error: m('validation.number_max', { max: 100_000_000 }) }),
    all_seminars: z.boolean().default(true),
    seminar_ids: z
      .array(id())
      .max(500, { error: m('validation.max_items', { max: 500 }) })
      .default([]),
    valid_from: instant(),
    valid_to: instant(),
    total_cap: cap(),
    per_user_cap: cap(),
    active: z.boolean().default(true),
  })
  .refine((b) => b.kind !== 'percent' || b.value <= 100, {
    error: m('validation.number_max', { max: 100 }),
    path: ['value'],
  })
  .refine((b) => b.all_seminars || b.seminar_ids.length > 0, {
    error: m('voucher.seminars_required'),
    path: ['seminar_ids'],
  })
  .refine((b) => !b.valid_from || !b.valid_to || Date.parse(b.valid_from) < Date.parse(b.valid_to), {
    error: m('voucher.valid_range'),
    path: ['valid_to'],
  });
export type VoucherBody = z.input<typeof voucherBodySchema>;

/** `PATCH /api/admin/vouchers/{id}/active`: activate or deactivate */
export const voucherActiveBodySchema = z.strictObject({ active: z.boolean() });

export const voucherDtoSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  kind: z.enum(VOUCHER_KINDS),
  value: z.number().int(),
  currency: z.string(),
  all_seminars: z.boolean(),
  seminars: z.array(z.object({ id: z.number().int(), title: z.string() })),
  valid_from: z.string().nullable(),
  valid_to: z.string().nullable(),
  total_cap: z.number().int().nullable(),
  per_user_cap: z.number().int().nullable(),
  active: z.boolean(),
  /** paid redemptions */
  redeemed: z.number().int(),
  /** redemptions of checkouts not finished yet (counted against the caps) */
  held: z.number().int(),
  created_at: z.string(),
});
export type VoucherDto = z.infer<typeof voucherDtoSchema>;
export const voucherPageSchema = paginated(voucherDtoSchema);

export const voucherRedemptionDtoSchema = z.object({
  id: z.number().int(),
  user: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
  booking_id: z.number().int(),
  seminar: z.object({ id: z.number().int(), title: z.string() }),
  /** minor units */
  discount: z.number().int(),
  status: z.enum(REDEMPTION_STATUSES),
  created_at: z.string(),
});
export type VoucherRedemptionDto = z.infer<typeof voucherRedemptionDtoSchema>;
export const voucherRedemptionPageSchema = paginated(voucherRedemptionDtoSchema);

/** `POST /api/vouchers/check`: what a code takes off a seminar's price, before paying */
export const voucherCheckBodySchema = z.strictObject({ seminarId: id(), code: voucherCodeSchema() });
export const voucherQuoteDtoSchema = z.object({
  code: z.string(),
  currency: z.string(),
  /** the list price, the discount and the list price after it (minor units) */
  price: z.number().int(),
  discount: z.number().int(),
  discounted: z.number().int(),
  /** what the checkout charges (VAT added to net prices) */
  charged: z.number().int(),
});
export type VoucherQuoteDto = z.infer<typeof voucherQuoteDtoSchema>;
