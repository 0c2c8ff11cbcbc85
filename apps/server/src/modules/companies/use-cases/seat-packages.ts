import {
  dueAtOf,
  dueDateOf,
  encodeMessage,
  localDateOf,
  type SeatPackageDto,
  type SeatPurchaseBody,
} from '@elearn/shared';
import type { DbOrTx, Tx } from '../../../db/client.ts';
import { conflict, notFound, validation } from '../../../errors.ts';
import type { AuthUser } from '../../../plugins/session.ts';
import { companyPolicy } from '../../../policies/company.policy.ts';
import { invoicePolicy } from '../../../policies/invoice.policy.ts';
import { seatPackagePolicy as policy } from '../../../policies/seat-package.policy.ts';
import { type CompaniesContext, iso } from '../companies.context.ts';
import { companyBookingsRepository as bookings, companyGrants } from '../company-bookings.repository.ts';
import { managedCompany } from '../company-guards.ts';
import {
  seatPackagesRepository as repo,
  type SeatPackageRow,
  type SeatPackageWithSeminar,
} from '../seat-packages.repository.ts';

/*
 * Seat packages (issue 38 item 4, docs/decisions/companies.md): a manager buys N seats of a
 * priced seminar valid from a day for some months; paid, the package's seats are assigned
 * (assign-seats.ts) until it ends. More seats or a longer period is a new package.
 */

const day = (iso: string, addMonths = 0, addDays = 0) => {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1 + addMonths, d + addDays)).toISOString().slice(0, 10);
};

/** the package's first instant (the start of `from` in Zurich) and its end (after `months`) */
export function seatPeriod(from: string, months: number): { validFrom: Date; validUntil: Date } {
  return { validFrom: dueAtOf(day(from, 0, -1)), validUntil: dueAtOf(day(from, months, -1)) };
}

/**
 * A new package, `pending` until paid; the seminar as the company may book it. Paid by invoice,
 * an admin must have enabled pay by invoice for the company (the refusal of company bookings).
 * @throws 404 (a seminar the company may not book), 403/404 (not a manager of the company),
 *   invoice.not_enabled, seats.not_priced, seats.unlimited (409), 422 (a first day in the past)
 */
export async function startSeatPurchase(ctx: CompaniesContext, actor: AuthUser, body: SeatPurchaseBody) {
  const company = await managedCompany(ctx, actor, body.companyId);
  if (body.pay_by === 'invoice' && !invoicePolicy.buyByInvoice(actor, company))
    throw conflict('invoice.not_enabled', 'invoice.not_enabled');
  const s = (await ctx.seminars.access(actor, body.seminarId).catch(() => null))?.seminar;
  if (!s || !companyPolicy.books(s, body.companyId)) throw notFound();
  if (!policy.sellable(s, body.companyId)) throw conflict('seats.not_priced', 'seats.not_priced');
  const held = await bookings.find(ctx.db, body.companyId, body.seminarId);
  if (held && companyGrants(held.status)) throw conflict('seats.unlimited', 'seats.unlimited');
  const today = localDateOf(new Date(ctx.now()));
  const from = body.valid_from ?? today;
  if (from < today) throw validation({ valid_from: [encodeMessage('seats.valid_from_past')] });
  const pkg = await repo.insertPending(ctx.db, {
    companyId: body.companyId,
    seminarId: s.id,
    boughtBy: actor.id,
    seatsBought: body.seats,
    unitPrice: s.price,
    currency: s.currency,
    months: body.months,
    ...seatPeriod(from, body.months),
  });
  return { pkg, seminar: { id: s.id, title: s.title } };
}

/** a package as managers see it, with the seats taken now */
export function seatPackageDto(row: SeatPackageWithSeminar, taken: number, now: Date): SeatPackageDto {
  const { pkg } = row;
  const expired = pkg.validUntil.getTime() <= now.getTime();
  const live = pkg.status === 'paid' && !expired;
  return {
    id: pkg.id,
    company_id: pkg.companyId,
    seminar: row.seminar,
    status: pkg.status as SeatPackageDto['status'],
    seats: pkg.seats,
    seats_bought: pkg.seatsBought,
    seats_taken: live ? taken : 0,
    seats_left: live ? Math.max(0, pkg.seats - taken) : 0,
    unit_price: pkg.unitPrice,
    currency: pkg.currency,
    months: pkg.months,
    valid_from: localDateOf(pkg.validFrom),
    valid_until: dueDateOf(pkg.validUntil),
    expired,
    created_at: iso(pkg.createdAt),
  };
}

/** `GET /api/companies/{id}/seat-packages`: the company's packages (one seminar when asked), newest first */
export async function listSeatPackages(
  ctx: CompaniesContext,
  actor: AuthUser,
  companyId: number,
  seminarId?: number,
): Promise<SeatPackageDto[]> {
  await managedCompany(ctx, actor, companyId);
  const rows = await repo.ofCompany(ctx.db, companyId, seminarId);
  const taken = await ctx.enrolments.seats().taken(rows.map((r) => r.pkg.id));
  const now = new Date(ctx.now());
  return rows.map((r) => seatPackageDto(r, taken.get(r.pkg.id) ?? 0, now));
}

/** one package as its buyer sees it right after the purchase (read again: paid by invoice, it may grant) */
export async function seatPackageOf(
  ctx: CompaniesContext,
  pkg: SeatPackageRow,
  seminar: { id: number; title: string },
) {
  const now = (await repo.find(ctx.db, pkg.id)) ?? pkg;
  return seatPackageDto({ pkg: now, seminar }, 0, new Date(ctx.now()));
}

/**
 * A package's booking was paid (payments' settlePaid, in its transaction): the package grants
 * and the company holds a `seats` booking of the seminar that the seats hang on.
 */
export async function seatPackagePaid(ctx: CompaniesContext, tx: Tx, packageId: number, at: Date) {
  const pkg = await repo.markPaid(tx, packageId, at);
  if (!pkg) return;
  await repo.ensureSeatBooking(tx, {
    companyId: pkg.companyId,
    seminarId: pkg.seminarId,
    bookedBy: pkg.boughtBy,
    currency: pkg.currency,
    at,
  });
}

/** the paid packages ending in (from, to] with their seminar (the expiry warnings) */
export const packagesEndingBetween = (db: DbOrTx, from: Date, to: Date) => repo.endingBetween(db, from, to);
