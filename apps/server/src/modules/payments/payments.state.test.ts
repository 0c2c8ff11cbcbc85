import { PAYMENT_STATUSES, type PaymentStatus } from '@elearn/shared';
import { describe, expect, it } from 'vitest';
import {
  allowedFrom,
  bookingStatusFor,
  canPayAgain,
  canTransition,
  STORED_STATUSES,
  type StoredPaymentStatus,
} from './payments.state.ts';

/** SECURITY D-06: the whole transition table, every pair. */
const TABLE: Record<StoredPaymentStatus, PaymentStatus[]> = {
  creating: ['open', 'pending', 'authorized', 'paid', 'failed', 'canceled', 'expired'],
  open: ['pending', 'authorized', 'paid', 'failed', 'canceled', 'expired'],
  pending: ['authorized', 'paid', 'failed', 'canceled', 'expired'],
  authorized: ['paid', 'failed', 'canceled', 'expired'],
  paid: [],
  failed: [],
  canceled: [],
  expired: [],
};

describe('payment state machine', () => {
  for (const from of STORED_STATUSES) {
    for (const to of PAYMENT_STATUSES) {
      const allowed = TABLE[from].includes(to);
      it(`${from} → ${to}: ${allowed ? 'allowed' : 'refused'}`, () => {
        expect(canTransition(from, to)).toBe(allowed);
      });
    }
  }

  it('paid never goes back, not even to another final status', () => {
    for (const to of PAYMENT_STATUSES) expect(canTransition('paid', to)).toBe(false);
  });

  it('allowedFrom is the inverse of the table (the guard of the conditional UPDATE)', () => {
    for (const to of PAYMENT_STATUSES) {
      expect(allowedFrom(to).sort()).toEqual(
        STORED_STATUSES.filter((from) => TABLE[from].includes(to)).sort(),
      );
    }
  });

  it.each([
    ['creating', 'pending'],
    ['open', 'pending'],
    ['pending', 'pending'],
    ['authorized', 'pending'],
    ['paid', 'paid'],
    ['failed', 'failed'],
    ['canceled', 'canceled'],
    ['expired', 'expired'],
  ] as const)('a booking whose latest attempt is %s is %s', (latest, booking) => {
    expect(bookingStatusFor(latest)).toBe(booking);
  });

  it('only a booking that ended without payment can be paid again', () => {
    expect(
      ['free', 'paid', 'pending', 'failed', 'canceled', 'expired'].filter((s) => canPayAgain(s as never)),
    ).toEqual(['failed', 'canceled', 'expired']);
  });
});
