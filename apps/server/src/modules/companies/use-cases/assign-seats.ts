import { encodeMessage } from '@elearn/shared';
import type { Tx } from '../../../db/client.ts';
import { AppError, conflict, validation } from '../../../errors.ts';
import type { AuthUser } from '../../../plugins/session.ts';
import { seatPackagePolicy as policy } from '../../../policies/seat-package.policy.ts';
import type { SeatRefund } from '../../payments/payments.service.ts';
import type { CompaniesContext } from '../companies.context.ts';
import type { CompanyBookingRow } from '../company-bookings.repository.ts';
import { seatPackagesRepository as repo } from '../seat-packages.repository.ts';

/*
 * Seats of a company's packages (issue 38 item 4): who gets one, who gives one back, what a
 * refund takes. Every decision runs under the row lock of the company's booking of the seminar
 * (assignments) or of the package (refunds), so two managers assigning at once cannot exceed N.
 */

/**
 * Assigns `userIds` on a `seats` booking, in the caller's transaction: an employee with a valid
 * seat keeps it, every other one takes a free seat of the valid packages (the package ending
 * first); the N+1st is refused. Each seat's grant ends with its package.
 * @throws seats.none_left (409, with the seats left)
 */
export async function assignSeatsIn(
  ctx: CompaniesContext,
  tx: Tx,
  actor: AuthUser,
  booking: CompanyBookingRow,
  userIds: number[],
  at: Date,
): Promise<{ userId: number; enrolmentId: number }[]> {
  await repo.lockBooking(tx, booking.companyId, booking.seminarId);
  const seats = ctx.enrolments.seats(tx);
  const holders = await seats.holders(booking.id, userIds);
  const newcomers = userIds.filter((u) => !holders.has(u));
  const packages = await repo.valid(tx, booking.companyId, booking.seminarId, at);
  const taken = await seats.taken(packages.map((p) => p.id));
  const counts = packages.map((p) => ({
    id: p.id,
    seats: p.seats,
    taken: taken.get(p.id) ?? 0,
    validUntil: p.validUntil,
  }));
  const placed = policy.place(counts, newcomers.length);
  if (!placed) throw new AppError(409, 'seats.none_left', 'seats.none_left', { left: policy.left(counts) });
  const until = new Map(packages.map((p) => [p.id, p.validUntil]));
  const made = await seats.assign(
    {
      companyBookingId: booking.id,
      companyId: booking.companyId,
      seminarId: booking.seminarId,
      grantedBy: actor.id,
      at,
    },
    newcomers.map((userId, i) => ({ userId, packageId: placed[i]!, validUntil: until.get(placed[i]!)! })),
  );
  const kept = [...holders].map(([userId, h]) => ({ userId, enrolmentId: h.enrolmentId }));
  return [...made, ...kept].sort((a, b) => a.userId - b.userId);
}

/**
 * A seat is given back only while its employee has not started the seminar (no done mark, no
 * video position, no test run).
 * @throws seats.started (409)
 */
export async function checkSeatsTakenBack(
  ctx: CompaniesContext,
  booking: CompanyBookingRow,
  userIds: number[],
) {
  const started = await ctx.progress.startedIn(booking.seminarId, userIds);
  if (userIds.some((u) => !policy.takeBack(started.has(u)))) throw conflict('seats.started', 'seats.started');
}

/** a package's seats now and the people on them (payments' refund form, issue 38 item 4) */
export async function seatHolders(ctx: CompaniesContext, packageId: number) {
  const pkg = await repo.find(ctx.db, packageId);
  return { seats: pkg?.seats ?? 0, holders: await ctx.enrolments.seats().holdersNamed(packageId) };
}

/**
 * A refund of a package's payment (payments' refund-payment.ts, in its transactions): k × the
 * seat price takes k seats; the admin names whose seats go when more employees are assigned than
 * would remain (`apply` false: the check before the provider is asked). Applied, the named
 * employees' grants end (and, should assignments have come in between, the latest assigned
 * beyond the seats left), and the package keeps its remaining seats (`refunded` at none).
 * @throws seats.refund_choose (409), 422 (a named employee holds no seat of the package, or more
 *   are named than the refund takes)
 */
export async function seatRefund(
  ctx: CompaniesContext,
  tx: Tx,
  r: SeatRefund,
  apply: boolean,
): Promise<{ seats: number; released: number[] }> {
  const pkg = await repo.lock(tx, r.packageId);
  if (!pkg) return { seats: 0, released: [] };
  const k = policy.refundedSeats(r, r.paid, r.quantity, pkg.seats);
  const seats = ctx.enrolments.seats(tx);
  const holders = await seats.ofPackage(pkg.id);
  const chosen = [...new Set(r.userIds)];
  if (chosen.some((u) => !holders.includes(u))) {
    throw validation({ seat_user_ids: [encodeMessage('seats.refund_holder')] });
  }
  if (chosen.length > k) {
    throw validation({ seat_user_ids: [encodeMessage('validation.max_items', { max: k })] });
  }
  if (!apply) {
    if (policy.refundNeedsChoice(pkg.seats, holders.length, k, chosen.length)) {
      throw new AppError(409, 'seats.refund_choose', 'seats.refund_choose', { seats: k });
    }
    return { seats: k, released: [] };
  }
  const others = holders.filter((u) => !chosen.includes(u));
  const over = Math.max(0, others.length - (pkg.seats - k));
  const released = await seats.release(pkg.id, k >= pkg.seats ? null : [...chosen, ...others.slice(0, over)]);
  await repo.takeSeats(tx, pkg.id, k, r.at);
  return { seats: k, released };
}
