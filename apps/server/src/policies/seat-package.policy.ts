import type { AuthUser } from '../plugins/session.ts';
import { companyPolicy } from './company.policy.ts';

type Actor = Pick<AuthUser, 'id' | 'scopes' | 'companies'>;

/** a package as the seat rules read it: its seats now, the seats taken, its end */
export interface SeatCount {
  id: number;
  seats: number;
  taken: number;
  validUntil: Date;
}

/**
 * Seat packages (issue 38 item 4) as pure rules: who buys and sees them, where a new seat goes,
 * when a seat may be taken back, how many seats a refund takes (docs/decisions/companies.md).
 */
export const seatPackagePolicy = {
  /** the company's managers and admins buy, see and assign a company's packages */
  manage: (a: Actor, companyId: number) => companyPolicy.manage(a, companyId),
  /** packages are sold for priced seminars the company may book */
  sellable: (
    seminar: { isPublic: boolean; isCompany: boolean; companyId: number | null; price: number },
    companyId: number,
  ) => companyPolicy.books(seminar, companyId) && seminar.price > 0,
  /** free seats over the valid packages */
  left: (packages: SeatCount[]) => packages.reduce((n, p) => n + Math.max(0, p.seats - p.taken), 0),
  /**
   * The package of each of `count` new seats: the one ending first that has a free seat (seats
   * that end soonest are used first); null when the packages have fewer free seats.
   */
  place(packages: SeatCount[], count: number): number[] | null {
    const free = [...packages]
      .sort((a, b) => a.validUntil.getTime() - b.validUntil.getTime() || a.id - b.id)
      .map((p) => ({ id: p.id, free: Math.max(0, p.seats - p.taken) }));
    const out: number[] = [];
    for (const p of free) {
      while (p.free > 0 && out.length < count) {
        out.push(p.id);
        p.free--;
      }
    }
    return out.length === count ? out : null;
  },
  /** a seat is taken back only while its employee has not started (no progress, no test run) */
  takeBack: (started: boolean) => !started,
  /**
   * Seats a refund of `amount` takes from a package paid `paid` for `quantity` seats: the whole
   * rest takes every seat; otherwise whole seats' worth (k × the seat price takes k seats, a smaller
   * amount none).
   */
  refundedSeats(refund: { amount: number; endsAll: boolean }, paid: number, quantity: number, seats: number) {
    if (refund.endsAll) return seats;
    if (paid <= 0 || quantity <= 0) return 0;
    return Math.min(seats, Math.floor((refund.amount * quantity + quantity - 1) / paid + 1e-9));
  },
  /**
   * Whether the admin must choose whose seats a refund takes: more employees would stay assigned
   * than seats remain (a refund of every seat ends them all: no choice). `chosen`: the employees
   * named (each holds a seat of the package).
   */
  refundNeedsChoice: (seats: number, taken: number, refunded: number, chosen: number) =>
    refunded < seats && taken - chosen > seats - refunded,
};
