import {
  encodeMessage as m,
  type VoucherBody,
  type VoucherDto,
  type VoucherKind,
  type VoucherRedemptionDto,
  type voucherBodySchema,
} from '@elearn/shared';
import type { z } from 'zod';
import { AppError, notFound, validation } from '../../../errors.ts';
import type { VouchersContext } from '../vouchers.context.ts';
import { vouchersRepository as repo, type VoucherRow } from '../vouchers.repository.ts';

type Body = z.output<typeof voucherBodySchema>;

export type { VoucherBody };

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const pageOf = (q: { page: number; per_page: number }) => ({
  limit: q.per_page,
  offset: (q.page - 1) * q.per_page,
});
const paginate = <T>(data: T[], total: number, q: { page: number; per_page: number }) => ({
  data,
  current_page: q.page,
  last_page: Math.max(1, Math.ceil(total / q.per_page)),
  per_page: q.per_page,
  total,
});

/** the vouchers as the admin list shows them: seminars and redemption counts */
async function toDtos(ctx: VouchersContext, rows: VoucherRow[]): Promise<VoucherDto[]> {
  const ids = rows.map((r) => r.id);
  const [counts, chosen] = await Promise.all([repo.counts(ctx.db, ids), repo.seminarsOf(ctx.db, ids)]);
  const n = (id: number, status: string) =>
    counts.find((c) => c.voucherId === id && c.status === status)?.n ?? 0;
  return rows.map((v) => ({
    id: v.id,
    code: v.code,
    kind: v.kind as VoucherKind,
    value: v.value,
    currency: ctx.config.currency,
    all_seminars: v.allSeminars,
    seminars: chosen.filter((s) => s.voucherId === v.id).map((s) => ({ id: s.id, title: s.title })),
    valid_from: iso(v.validFrom),
    valid_to: iso(v.validTo),
    total_cap: v.totalCap,
    per_user_cap: v.perUserCap,
    active: v.active,
    redeemed: n(v.id, 'redeemed'),
    held: n(v.id, 'held'),
    created_at: v.createdAt.toISOString(),
  }));
}

export async function listVouchers(ctx: VouchersContext, q: { page: number; per_page: number }) {
  const { rows, total } = await repo.page(ctx.db, pageOf(q));
  return paginate(await toDtos(ctx, rows), total, q);
}

export async function getVoucher(ctx: VouchersContext, id: number): Promise<VoucherDto> {
  const row = await repo.findById(ctx.db, id);
  if (!row) throw notFound();
  const [dto] = await toDtos(ctx, [row]);
  return dto!;
}

/** the row's columns from a valid body; unknown seminars and a code in use are refused (422) */
async function columnsOf(ctx: VouchersContext, body: Body, id: number | null) {
  const other = await repo.findByCode(ctx.db, body.code);
  if (other && other.id !== id) throw validation({ code: [m('voucher.code_taken')] });
  const seminarIds = body.all_seminars ? [] : [...new Set(body.seminar_ids)];
  const known = await repo.existingSeminars(ctx.db, seminarIds);
  if (known.length !== seminarIds.length) throw validation({ seminar_ids: [m('validation.invalid')] });
  return {
    seminarIds,
    values: {
      code: body.code,
      kind: body.kind,
      value: body.value,
      allSeminars: body.all_seminars,
      validFrom: body.valid_from ? new Date(body.valid_from) : null,
      validTo: body.valid_to ? new Date(body.valid_to) : null,
      totalCap: body.total_cap,
      perUserCap: body.per_user_cap,
      active: body.active,
    },
  };
}

/** the unique index on lower(code) refused a code taken by a concurrent request */
const isCodeConflict = (err: unknown) =>
  /vouchers_code_lower_unique/.test(String((err as { message?: string })?.message)) ||
  /vouchers_code_lower_unique/.test(String((err as { cause?: { message?: string } })?.cause?.message));

async function saving<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isCodeConflict(err)) throw validation({ code: [m('voucher.code_taken')] });
    throw err;
  }
}

export async function createVoucher(ctx: VouchersContext, body: Body): Promise<VoucherDto> {
  const { values, seminarIds } = await columnsOf(ctx, body, null);
  const id = await saving(() =>
    ctx.db.transaction(async (tx) => {
      const row = await repo.insert(tx, values);
      await repo.setSeminars(tx, row.id, seminarIds);
      return row.id;
    }),
  );
  return getVoucher(ctx, id);
}

/**
 * Edits a voucher. Redemptions already held or made keep their discount; the new terms count
 * for the next checkouts.
 */
export async function updateVoucher(ctx: VouchersContext, id: number, body: Body): Promise<VoucherDto> {
  if (!(await repo.findById(ctx.db, id))) throw notFound();
  const { values, seminarIds } = await columnsOf(ctx, body, id);
  await saving(() =>
    ctx.db.transaction(async (tx) => {
      await repo.update(tx, id, values);
      await repo.setSeminars(tx, id, seminarIds);
    }),
  );
  return getVoucher(ctx, id);
}

export async function setActive(ctx: VouchersContext, id: number, active: boolean): Promise<VoucherDto> {
  if (!(await repo.update(ctx.db, id, { active }))) throw notFound();
  return getVoucher(ctx, id);
}

/**
 * Deletes a voucher never redeemed (no redemption held or made; released ones go with it).
 * @throws voucher.redeemed (409)
 */
export async function deleteVoucher(ctx: VouchersContext, id: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    if (!(await repo.lockById(tx, id))) throw notFound();
    const uses = await repo.countedUses(tx, id, 0);
    if (uses.total > 0) throw new AppError(409, 'voucher.redeemed', 'voucher.redeemed');
    await repo.delete(tx, id);
  });
}

export async function listRedemptions(
  ctx: VouchersContext,
  id: number,
  q: { page: number; per_page: number },
) {
  if (!(await repo.findById(ctx.db, id))) throw notFound();
  const { rows, total } = await repo.redemptionsPage(ctx.db, id, pageOf(q));
  const data = rows.map(
    (r): VoucherRedemptionDto => ({
      id: r.redemption.id,
      user: {
        id: r.user.id,
        name: `${r.user.firstName} ${r.user.lastName}`.trim(),
        email: r.user.email,
      },
      booking_id: r.redemption.bookingId,
      seminar: r.seminar,
      discount: r.redemption.discount,
      status: r.redemption.status as VoucherRedemptionDto['status'],
      created_at: r.redemption.createdAt.toISOString(),
    }),
  );
  return paginate(data, total, q);
}
