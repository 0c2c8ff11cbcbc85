/** Authorization matrix rows of the revenue overview (issue 38 item 7; see ../matrix-kit.ts). */
import { all, type Expect, type Row } from '../matrix-kit.ts';

const adminOnly = (ok: number): Expect => ({ ...all(403), guest: 401, admin: ok });

export const REVENUE_ROWS: Row[] = [
  { method: 'GET', route: '/api/admin/revenue', expect: adminOnly(200) },
  { method: 'GET', route: '/api/admin/revenue/export', expect: adminOnly(200) },
];
