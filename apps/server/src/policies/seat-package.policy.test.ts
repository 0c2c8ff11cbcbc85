import { describe, expect, it } from 'vitest';
import { seatPackagePolicy as policy, type SeatCount } from './seat-package.policy.ts';

type Scope = 'admin' | 'trainer' | 'corporateTraining';
const actor = (id: number, scopes: Scope[] = [], companies: [number, boolean][] = []) => ({
  id,
  scopes,
  companies: companies.map(([c, manager]) => ({ id: c, name: `c${c}`, shortName: `c${c}`, manager })),
});
const day = (d: number) => new Date(Date.UTC(2027, 0, d));
const pkg = (id: number, seats: number, taken: number, until: number): SeatCount => ({
  id,
  seats,
  taken,
  validUntil: day(until),
});

describe('seatPackagePolicy', () => {
  it.each([
    ['admin', actor(1, ['admin']), true],
    ['manager of 7', actor(2, ['corporateTraining'], [[7, true]]), true],
    ['manager of 8', actor(3, ['corporateTraining'], [[8, true]]), false],
    ['employee of 7', actor(4, [], [[7, false]]), false],
    ['student', actor(5), false],
  ] as const)('%s manages the packages of company 7: %s', (_n, a, allowed) => {
    expect(policy.manage(a, 7)).toBe(allowed);
  });

  it.each([
    ['a priced public seminar', { isPublic: true, isCompany: false, companyId: null, price: 100 }, true],
    ['a free public seminar', { isPublic: true, isCompany: false, companyId: null, price: 0 }, false],
    ['a private seminar', { isPublic: false, isCompany: false, companyId: null, price: 100 }, false],
    ['the company’s own seminar', { isPublic: false, isCompany: true, companyId: 7, price: 100 }, true],
    ['another company’s seminar', { isPublic: false, isCompany: true, companyId: 8, price: 100 }, false],
  ] as const)('sells seats of %s: %s', (_n, seminar, sellable) => {
    expect(policy.sellable(seminar, 7)).toBe(sellable);
  });

  it.each([
    ['no package', [], 1, null, 0],
    ['one free seat, one asked', [pkg(1, 5, 4, 10)], 1, [1], 1],
    ['full: the N+1st is refused', [pkg(1, 5, 5, 10)], 1, null, 0],
    ['the package ending first fills first', [pkg(2, 2, 0, 20), pkg(1, 1, 0, 10)], 3, [1, 2, 2], 3],
    ['more asked than free', [pkg(1, 2, 0, 10), pkg(2, 1, 1, 5)], 3, null, 2],
    ['a refund left fewer seats than taken', [pkg(1, 3, 4, 10)], 1, null, 0],
  ] as const)('%s', (_n, packages, count, placed, left) => {
    expect(policy.place([...packages], count)).toEqual(placed);
    expect(policy.left([...packages])).toBe(left);
  });

  it.each([
    [false, true],
    [true, false],
  ])('started %s: a seat may be taken back %s', (started, allowed) => {
    expect(policy.takeBack(started)).toBe(allowed);
  });

  it.each([
    // amount, ends all, paid, quantity, seats now, seats taken by the refund
    ['one seat’s worth of 5', 10_000, false, 50_000, 5, 5, 1],
    ['two seats’ worth', 20_000, false, 50_000, 5, 5, 2],
    ['less than a seat', 9_000, false, 50_000, 5, 5, 0],
    ['a seat rounded down (3 seats for 100.01)', 3_333, false, 10_001, 3, 3, 1],
    ['the rest of the payment', 30_000, true, 50_000, 5, 3, 3],
    ['never more than there are', 50_000, false, 50_000, 5, 2, 2],
  ] as const)('a refund of %s', (_n, amount, endsAll, paid, quantity, seats, taken) => {
    expect(policy.refundedSeats({ amount, endsAll }, paid, quantity, seats)).toBe(taken);
  });

  it.each([
    // seats, taken, refunded, chosen, needs a choice
    [5, 4, 1, 0, false],
    [5, 5, 1, 0, true],
    [5, 5, 1, 1, false],
    [5, 5, 2, 1, true],
    [4, 4, 4, 0, false],
  ])(
    '%i seats, %i taken, %i refunded, %i chosen: choice needed %s',
    (seats, taken, refunded, chosen, needs) => {
      expect(policy.refundNeedsChoice(seats, taken, refunded, chosen)).toBe(needs);
    },
  );
});
