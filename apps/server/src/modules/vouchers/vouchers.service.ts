import type { Tx } from '../../db/client.ts';
import type { AuthUser } from '../../plugins/session.ts';
import {
  createVoucher,
  deleteVoucher,
  getVoucher,
  listRedemptions,
  listVouchers,
  setActive,
  updateVoucher,
} from './use-cases/manage.ts';
import { check, hold, quote, type VoucherQuote } from './use-cases/redeem.ts';
import { createVouchersContext, type VouchersDeps } from './vouchers.context.ts';
import { vouchersPersonalData } from './vouchers.personal-data.ts';
import { vouchersRepository as repo } from './vouchers.repository.ts';

export type { VoucherQuote } from './use-cases/redeem.ts';
export type { VouchersDeps } from './vouchers.context.ts';

export type VouchersService = ReturnType<typeof createVouchersService>;

type PageQ = { page: number; per_page: number };
type Body = Parameters<typeof createVoucher>[1];

/**
 * Vouchers (issue 38 item 5; docs/api/vouchers.md): the admins' codes, the checkout's check of
 * a code, and the redemptions the payments module holds, redeems and releases in its own
 * transactions (wired in app-modules.ts).
 */
export function createVouchersService(deps: VouchersDeps) {
  const ctx = createVouchersContext(deps);
  return {
    personalData: vouchersPersonalData(ctx.db),
    admin: {
      list: (q: PageQ) => listVouchers(ctx, q),
      get: (id: number) => getVoucher(ctx, id),
      create: (body: Body) => createVoucher(ctx, body),
      update: (id: number, body: Body) => updateVoucher(ctx, id, body),
      setActive: (id: number, active: boolean) => setActive(ctx, id, active),
      remove: (id: number) => deleteVoucher(ctx, id),
      redemptions: (id: number, q: PageQ) => listRedemptions(ctx, id, q),
    },
    /** `POST /api/vouchers/check` */
    check: (actor: AuthUser, body: { seminarId: number; code: string }) => check(ctx, actor, body),
    /** for the payments module's checkout (use-cases/redeem.ts) */
    redemptions: {
      quote: (code: string, use: { seminarId: number; price: number; userId: number }) =>
        quote(ctx, ctx.db, code, use),
      hold: (
        tx: Tx,
        q: VoucherQuote,
        use: { seminarId: number; userId: number; bookingId: number; paymentId: number },
      ) => hold(ctx, tx, q, use),
      /** the attempt was paid (`redeemed`) or ended without payment (`released`) */
      settle: (tx: Tx, paymentId: number, to: 'redeemed' | 'released') => repo.settle(tx, paymentId, to),
      /** the redemption of an attempt (its invoice's voucher line) */
      ofPayment: async (tx: Tx, paymentId: number) => {
        const r = await repo.ofPayment(tx, paymentId);
        return r && r.status !== 'released' ? { code: r.code, discount: r.discount } : undefined;
      },
    },
  };
}
