import { z } from 'zod';
import { id } from './rules.ts';
import { voucherCodeSchema } from './vouchers.ts';

/** Mollie's payment statuses (https://docs.mollie.com/reference/get-payment, `status`). */
export const PAYMENT_STATUSES = [
  'open',
  'pending',
  'authorized',
  'paid',
  'failed',
  'canceled',
  'expired',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/**
 * Statuses of a booking: `free`, `paid` and `company` (an assignment to a company booking) grant
 * the seminar; a priced booking is `pending` and then follows its payments; `refunded`: a refund
 * ended its grant.
 */
export const BOOKING_STATUSES = [
  'free',
  'paid',
  'pending',
  'failed',
  'canceled',
  'expired',
  'company',
  // a refund ended the purchase's grant (issue 38 item 6)
  'refunded',
] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/**
 * `POST /api/booking/now`: the seminar and an optional voucher code; price, currency and
 * description come from the server.
 */
export const bookNowBodySchema = z
  .object({ seminarId: id(), voucherCode: voucherCodeSchema().optional() })
  .strict();
export type BookNowBody = z.infer<typeof bookNowBodySchema>;

/** The answer of `POST /api/booking/now`: the browser goes on to `checkoutUrl`. */
export const checkoutDtoSchema = z.object({
  checkoutUrl: z.string(),
  bookingId: z.number().int(),
});
export type CheckoutDto = z.infer<typeof checkoutDtoSchema>;

export const paymentSeminarSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  slug: z.string(),
});

/** One payment attempt in the caller's list (`GET /api/payments/status/`). */
export const paymentDtoSchema = z.object({
  id: z.number().int(),
  booking_id: z.number().int(),
  seminar: paymentSeminarSchema,
  /** minor units */
  amount: z.number().int(),
  currency: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  created_at: z.string(),
  paid_at: z.string().nullable(),
});
export type PaymentDto = z.infer<typeof paymentDtoSchema>;

/**
 * A booking with its payment attempts, for its owner (`GET /api/payments/booking/{id}`): what the
 * redirect, booking, completed and canceled pages show. The status is always the server's.
 */
export const bookingPaymentDtoSchema = z.object({
  id: z.number().int(),
  status: z.enum(BOOKING_STATUSES),
  seminar: paymentSeminarSchema,
  /** minor units */
  price: z.number().int(),
  currency: z.string(),
  created_at: z.string(),
  granted_at: z.string().nullable(),
  /** the checkout of the attempt still open (continue paying), else null */
  checkout_url: z.string().nullable(),
  payments: z.array(paymentDtoSchema.omit({ seminar: true, booking_id: true })),
  abilities: z.object({
    /** pay (again): `POST /api/booking/now` starts a new attempt */
    pay: z.boolean(),
    /** the seminar is granted */
    play: z.boolean(),
  }),
});
export type BookingPaymentDto = z.infer<typeof bookingPaymentDtoSchema>;

/**
 * The webhook's form body (`id=tr_…`). Nothing else is read: the payment is always fetched from
 * the provider. Other fields are dropped.
 */
export const webhookBodySchema = z.object({
  id: z.string().regex(/^tr_[A-Za-z0-9]{1,64}$/),
});

/** The built-in test checkout's view of one test payment. */
export const testCheckoutDtoSchema = z.object({
  id: z.string(),
  booking_id: z.number().int(),
  status: z.enum(PAYMENT_STATUSES),
  /** minor units */
  amount: z.number().int(),
  currency: z.string(),
  description: z.string(),
  expires_at: z.string(),
});
export type TestCheckoutDto = z.infer<typeof testCheckoutDtoSchema>;

export const TEST_CHECKOUT_ACTIONS = ['paid', 'failed', 'canceled'] as const;
export type TestCheckoutAction = (typeof TEST_CHECKOUT_ACTIONS)[number];

/** Settles a test payment as the provider would (pay, fail or cancel at the checkout). */
export const testSettleBodySchema = z.object({ action: z.enum(TEST_CHECKOUT_ACTIONS) }).strict();

/** Where the browser goes after the test checkout: the redirect URL of the payment. */
export const testSettleResultSchema = z.object({ redirectUrl: z.string() });
