/** Authorization matrix rows of the vouchers (issue 38 item 5; see ../matrix-kit.ts). */
import { randomUUID } from 'node:crypto';
import { vouchers } from '../../db/schema/index.ts';
import { all, type Expect, loggedIn, type Row, type World } from '../matrix-kit.ts';

const adminOnly = (ok: number): Expect => ({ ...all(403), guest: 401, admin: ok });
const code = () => `M-${randomUUID().slice(0, 8)}`;
const body = () => ({ code: code(), kind: 'percent', value: 10 });

/** a fresh voucher never redeemed: its id */
async function voucherId(w: World): Promise<number> {
  const [row] = await w.t.app.database.db
    .insert(vouchers)
    .values({ code: code(), kind: 'percent', value: 10 })
    .returning();
  return row!.id;
}
const withVoucher = (path: string) => async (w: World) => ({
  url: `/api/admin/vouchers/${await voucherId(w)}${path}`,
});

export const VOUCHERS_ROWS: Row[] = [
  { method: 'GET', route: '/api/admin/vouchers', expect: adminOnly(200) },
  {
    method: 'POST',
    route: '/api/admin/vouchers',
    prepare: async () => ({ body: body() }),
    expect: adminOnly(201),
  },
  { method: 'GET', route: '/api/admin/vouchers/:id', prepare: withVoucher(''), expect: adminOnly(200) },
  {
    method: 'PUT',
    route: '/api/admin/vouchers/:id',
    prepare: async (w) => ({ ...(await withVoucher('')(w)), body: body() }),
    expect: adminOnly(200),
  },
  {
    method: 'PATCH',
    route: '/api/admin/vouchers/:id/active',
    prepare: async (w) => ({ ...(await withVoucher('/active')(w)), body: { active: false } }),
    expect: adminOnly(200),
  },
  { method: 'DELETE', route: '/api/admin/vouchers/:id', prepare: withVoucher(''), expect: adminOnly(204) },
  {
    method: 'GET',
    route: '/api/admin/vouchers/:id/redemptions',
    prepare: withVoucher('/redemptions'),
    expect: adminOnly(200),
  },
  // any logged-in, verified user may check a code for a seminar they may see
  {
    method: 'POST',
    route: '/api/vouchers/check',
    prepare: async (w) => {
      const seminar = await w.fx.seminar(w.ids.trainer, { price: 4900 });
      const [row] = await w.t.app.database.db
        .insert(vouchers)
        .values({ code: code(), kind: 'percent', value: 10 })
        .returning();
      return { body: { seminarId: seminar.id, code: row!.code } };
    },
    expect: loggedIn(200),
  },
];
