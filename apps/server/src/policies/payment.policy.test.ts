import { describe, expect, it } from 'vitest';
import { paymentPolicy } from './payment.policy.ts';

const booker = { id: 1 };
const other = { id: 2 };
const booking = { userId: 1 };

const pub = { isPublic: true, isCompany: false, companyId: null };
const priv = { isPublic: false, isCompany: false, companyId: null };
const ofCompany7 = { isPublic: false, isCompany: true, companyId: 7 };
const ofCompany8 = { isPublic: false, isCompany: true, companyId: 8 };

describe('paymentPolicy', () => {
  it.each([
    ['guest', null, false],
    ['the booker', booker, true],
    ['anyone else (an admin too)', other, false],
  ] as const)('%s: sees and pays the booking', (_n, a, allowed) => {
    expect(paymentPolicy.viewBooking(a, booking)).toBe(allowed);
    expect(paymentPolicy.payBooking(a, booking)).toBe(allowed);
  });

  it.each([
    // buyer, public, private, company 7's seminar, company 8's seminar
    ['oneself', null, [true, false, false, false]],
    ['company 7', 7, [true, false, true, false]],
    ['company 8', 8, [true, false, false, true]],
  ] as const)('payable for %s: public/private/company 7/company 8', (_n, forCompanyId, payable) => {
    expect([pub, priv, ofCompany7, ofCompany8].map((s) => paymentPolicy.payable(s, forCompanyId))).toEqual(
      payable,
    );
  });

  it('a public company seminar is payable only for its company', () => {
    const publicOfCompany7 = { isPublic: true, isCompany: true, companyId: 7 };
    expect(paymentPolicy.payable(publicOfCompany7, null)).toBe(false);
    expect(paymentPolicy.payable(publicOfCompany7, 7)).toBe(true);
    expect(paymentPolicy.payable(publicOfCompany7, 8)).toBe(false);
  });
});
