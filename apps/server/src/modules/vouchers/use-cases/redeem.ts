import { type MessageKey, encodeMessage as m, type VoucherQuoteDto } from '@elearn/shared';
import type { DbOrTx, Tx } from '../../../db/client.ts';
import { validation } from '../../../errors.ts';
import type { AuthUser } from '../../../plugins/session.ts';
import type { VouchersContext } from '../vouchers.context.ts';
import { vouchersRepository as repo, type VoucherRow } from '../vouchers.repository.ts';

/** what a valid code takes off one seminar's list price (minor units) */
export interface VoucherQuote {
  voucherId: number;
  /** the code as the buyer entered it */
  code: string;
  price: number;
  discount: number;
  discounted: number;
}

/** what a voucher takes off a price: a percentage (rounded half up) or an amount, at most the price */
export function discountOf(v: Pick<VoucherRow, 'kind' | 'value'>, price: number): number {
  if (v.kind === 'percent') return v.value >= 100 ? price : Math.floor((price * v.value + 50) / 100);
  return Math.min(v.value, price);
}

const refuse = (field: string, key: MessageKey) => validation({ [field]: [m(key)] });

/**
 * Whether the voucher may be used now by the user for the seminar; the caps count the
 * redemptions held and redeemed. Under the voucher's row lock (hold) the counts are exact.
 * @throws 422 with the reason at `field`
 */
async function assertUsable(
  db: DbOrTx,
  v: VoucherRow | undefined,
  use: { seminarId: number; userId: number; at: Date; field: string },
): Promise<VoucherRow> {
  const { field, at } = use;
  if (!v) throw refuse(field, 'voucher.unknown');
  if (!v.active) throw refuse(field, 'voucher.inactive');
  if (v.validFrom && at < v.validFrom) throw refuse(field, 'voucher.not_yet_valid');
  if (v.validTo && at > v.validTo) throw refuse(field, 'voucher.expired');
  if (!v.allSeminars && !(await repo.isForSeminar(db, v.id, use.seminarId))) {
    throw refuse(field, 'voucher.not_for_seminar');
  }
  if (v.totalCap !== null || v.perUserCap !== null) {
    const uses = await repo.countedUses(db, v.id, use.userId);
    if (v.totalCap !== null && uses.total >= v.totalCap) throw refuse(field, 'voucher.used_up');
    if (v.perUserCap !== null && uses.own >= v.perUserCap) throw refuse(field, 'voucher.user_cap');
  }
  return v;
}

/**
 * The code checked for a seminar's list price (checkout, `POST /api/booking/now`): the discount
 * it would give now. The caps are checked again when the redemption is held.
 * @throws 422 (field `field`) unknown, inactive, not yet valid, expired, not for the seminar, cap reached
 */
export async function quote(
  ctx: VouchersContext,
  db: DbOrTx,
  code: string,
  use: { seminarId: number; price: number; userId: number; field?: string },
): Promise<VoucherQuote> {
  const field = use.field ?? 'voucherCode';
  const at = new Date(ctx.now());
  const v = await assertUsable(db, await repo.findByCode(db, code), { ...use, at, field });
  const discount = discountOf(v, use.price);
  return { voucherId: v.id, code, price: use.price, discount, discounted: use.price - discount };
}

/**
 * Holds a redemption for a payment attempt, in the transaction that creates the attempt: the
 * voucher's row is locked, so concurrent checkouts count one after the other and the caps
 * hold (docs/decisions.md "Vouchers").
 * @throws 422 as {@link quote} (the voucher changed or was used up meanwhile)
 */
export async function hold(
  ctx: VouchersContext,
  tx: Tx,
  q: VoucherQuote,
  use: { seminarId: number; userId: number; bookingId: number; paymentId: number },
): Promise<void> {
  const at = new Date(ctx.now());
  const locked = await repo.findByCode(tx, q.code, true);
  const v = await assertUsable(tx, locked?.id === q.voucherId ? locked : undefined, {
    ...use,
    at,
    field: 'voucherCode',
  });
  if (discountOf(v, q.price) !== q.discount) throw refuse('voucherCode', 'voucher.inactive');
  await repo.insertRedemption(tx, {
    voucherId: v.id,
    userId: use.userId,
    bookingId: use.bookingId,
    seminarId: use.seminarId,
    paymentId: use.paymentId,
    code: q.code,
    discount: q.discount,
    status: 'held',
  });
}

/**
 * `POST /api/vouchers/check`: what the code takes off the seminar before paying (the checkout's
 * voucher field). Only for a seminar the caller may see; 404 otherwise.
 */
export async function check(
  ctx: VouchersContext,
  actor: AuthUser,
  body: { seminarId: number; code: string },
): Promise<VoucherQuoteDto> {
  const { seminar } = await ctx.seminars.access(actor, body.seminarId);
  const q = await quote(ctx, ctx.db, body.code, {
    seminarId: seminar.id,
    price: seminar.price,
    userId: actor.id,
    field: 'code',
  });
  const currency = ctx.config.currency;
  return {
    code: q.code,
    currency,
    price: q.price,
    discount: q.discount,
    discounted: q.discounted,
    charged: q.discounted > 0 ? await ctx.charge(q.discounted, currency) : 0,
  };
}
