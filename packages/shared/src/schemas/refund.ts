import { z } from 'zod';
import { encodeMessage as m } from '../i18n/messages.ts';
import { id } from './rules.ts';

/** Mollie's refund statuses (https://docs.mollie.com/reference/get-refund, `status`). */
export const REFUND_STATUSES = ['queued', 'pending', 'processing', 'refunded', 'failed', 'canceled'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/**
 * `POST /api/admin/payments/{id}/refunds`: the whole amount left (no field), an amount in minor
 * units, or one invoice line (its gross; the grant behind it ends). At most one of the two.
 */
export const refundBodySchema = z
  .object({
    amount: z
      .number({ error: m('validation.integer') })
      .int({ error: m('validation.integer') })
      .positive({ error: m('validation.number_min', { min: 1 }) })
      .optional(),
    line_id: id().optional(),
    /**
     * a seat package's payment (issue 38 item 4): the employees whose seats the refund takes
     * (k × the seat price takes k seats); needed when more are assigned than would remain
     */
    seat_user_ids: z
      .array(id(), { error: m('validation.invalid') })
      .max(500, { error: m('validation.max_items', { max: 500 }) })
      .optional(),
  })
  .strict()
  .refine((b) => b.amount === undefined || b.line_id === undefined, {
    error: m('refund.amount_or_line'),
    path: ['amount'],
  });
export type RefundBody = z.infer<typeof refundBodySchema>;

/** One refund of a payment, for admins and for the buyer. */
export const refundDtoSchema = z.object({
  id: z.number().int(),
  payment_id: z.number().int(),
  /** minor units */
  amount: z.number().int(),
  currency: z.string(),
  status: z.enum(REFUND_STATUSES),
  /** the invoice line refunded, null for an amount or the whole payment */
  line_id: z.number().int().nullable(),
  /** the refund ended the buyer's access to the seminar */
  ends_grant: z.boolean(),
  credit_note_id: z.number().int().nullable(),
  credit_note_number: z.string().nullable(),
  created_at: z.string(),
});
export type RefundDto = z.infer<typeof refundDtoSchema>;

/** `GET /api/admin/payments/{id}/refunds`: the payment's refunds and what is left to refund. */
export const paymentRefundsDtoSchema = z.object({
  payment_id: z.number().int(),
  status: z.string(),
  /** minor units */
  amount: z.number().int(),
  /** minor units still refundable */
  remaining: z.number().int(),
  currency: z.string(),
  invoice_number: z.string().nullable(),
  lines: z.array(
    z.object({
      id: z.number().int(),
      description: z.string(),
      gross: z.number().int(),
      refunded: z.boolean(),
    }),
  ),
  refunds: z.array(refundDtoSchema),
  /**
   * a seat package's payment (issue 38 item 4): its seats now, the price of one seat (what was
   * paid ÷ seats bought) and the employees on its seats, for the admin to name whose seats a
   * refund takes (`seat_user_ids`)
   */
  seat_package: z
    .object({
      id: z.number().int(),
      seats: z.number().int(),
      seat_price: z.number().int(),
      holders: z.array(z.object({ id: z.number().int(), name: z.string() })),
    })
    .nullable()
    .optional(),
});
export type PaymentRefundsDto = z.infer<typeof paymentRefundsDtoSchema>;

/** `GET /api/payments/refunds`: the caller's refunds with their seminar. */
export const ownRefundDtoSchema = refundDtoSchema.extend({
  seminar: z.object({ id: z.number().int(), title: z.string() }),
});
export type OwnRefundDto = z.infer<typeof ownRefundDtoSchema>;
