import type { BookingStatus, PaymentStatus } from '@elearn/shared';

/**
 * A stored payment attempt: Mollie's statuses plus `creating`, the placeholder that holds the
 * "one attempt in progress per booking" slot while the provider is asked to create the payment.
 */
export type StoredPaymentStatus = PaymentStatus | 'creating';

export const STORED_STATUSES: readonly StoredPaymentStatus[] = [
  'creating',
  'open',
  'pending',
  'authorized',
  'paid',
  'failed',
  'canceled',
  'expired',
];

/** Statuses that never change again (Mollie: "final"). */
export const FINAL_STATUSES: readonly PaymentStatus[] = ['paid', 'failed', 'canceled', 'expired'];
/** An attempt in these statuses blocks a new one (the partial unique index of migration 0005). */
export const IN_PROGRESS_STATUSES: readonly StoredPaymentStatus[] = [
  'creating',
  'open',
  'pending',
  'authorized',
];
/**
 * The booking statuses payments manage: waiting for a payment or ended without one. Only these
 * are ever changed by a payment; a booking in any other status (`free`, `paid`, a `company`
 * assignment) holds the seminar already and is never touched.
 */
export const PAYMENT_MANAGED_STATUSES: readonly BookingStatus[] = [
  'pending',
  'failed',
  'canceled',
  'expired',
];

/**
 * The user holds the seminar through this booking (a settled purchase; `free` in rows from before
 * the grants model); a `refunded` one no more.
 */
export const holdsSeminar = (status: string) =>
  status !== 'refunded' && !PAYMENT_MANAGED_STATUSES.includes(status as BookingStatus);

/** Mollie's order of a payment's life: open → pending → authorized → a final status. */
const RANK: Record<StoredPaymentStatus, number> = {
  creating: 0,
  open: 1,
  pending: 2,
  authorized: 3,
  paid: 4,
  failed: 4,
  canceled: 4,
  expired: 4,
};

/**
 * Whether a stored attempt may move to the status the provider reports now. Only forward:
 * a final status never changes (`paid` never goes back to `open`), and a repeated or late
 * report of an earlier status changes nothing.
 */
export function canTransition(from: StoredPaymentStatus, to: PaymentStatus): boolean {
  if (FINAL_STATUSES.includes(from as PaymentStatus)) return false;
  return RANK[to] > RANK[from];
}

/** The stored statuses from which `to` may be reached (the guard of the conditional UPDATE). */
export function allowedFrom(to: PaymentStatus): StoredPaymentStatus[] {
  return STORED_STATUSES.filter((from) => canTransition(from, to));
}

/**
 * The status of a booking that is not granted yet, from its latest attempt. A granted booking
 * stays `paid` (or `free`) whatever later attempts report.
 */
export function bookingStatusFor(latest: StoredPaymentStatus): BookingStatus {
  switch (latest) {
    case 'paid':
      return 'paid';
    case 'failed':
    case 'canceled':
    case 'expired':
      return latest;
    default:
      return 'pending';
  }
}

/** A booking whose latest attempt ended without payment may be paid again. */
export const canPayAgain = (status: BookingStatus) =>
  status === 'failed' || status === 'canceled' || status === 'expired';
