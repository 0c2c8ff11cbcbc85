/** Authorization matrix rows of the payments routes (see ../matrix-kit.ts). */

import { eq } from 'drizzle-orm';
import { payments } from '../../db/schema/index.ts';
import { usersRepository } from '../../modules/users/users.repository.ts';
import { all, type Expect, loggedIn, type Row, type World } from '../matrix-kit.ts';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

/** only the user who booked (the student) sees or touches the booking's payments; others: 404 */
const bookerOnly = (ok: number) => ({ ...all(404), guest: 401, student: ok });

/** the student starts a checkout of a new priced seminar through the test provider */
async function studentCheckout(w: World): Promise<{ bookingId: number; paymentId: string }> {
  const seminar = await w.fx.seminar(w.ids.trainer, { price: 4900 });
  const student = await usersRepository.findById(w.t.app.database.db, w.ids.student);
  const agent = await w.t.loginAs(student!.email);
  const res = await agent.post('/api/booking/now', { seminarId: seminar.id });
  if (res.statusCode !== 201) throw new Error(`checkout failed: ${res.statusCode} ${res.body}`);
  const { bookingId, checkoutUrl } = res.json() as { bookingId: number; checkoutUrl: string };
  return { bookingId, paymentId: checkoutUrl.split('/').pop() ?? '' };
}

const adminOnly = (ok: number): Expect => ({ ...all(403), guest: 401, admin: ok });

/** a paid payment of the student (test checkout): our payment row's id */
async function paidPayment(w: World): Promise<number> {
  const { paymentId } = await studentCheckout(w);
  const student = await usersRepository.findById(w.t.app.database.db, w.ids.student);
  const agent = await w.t.loginAs(student!.email);
  const res = await agent.post(`/api/payments/test-checkout/${paymentId}`, { action: 'paid' });
  if (res.statusCode !== 200) throw new Error(`paying failed: ${res.statusCode} ${res.body}`);
  const [row] = await w.t.app.database.db.select().from(payments).where(eq(payments.providerId, paymentId));
  return row!.id;
}

export const PAYMENTS_ROWS: Row[] = [
  {
    method: 'POST',
    route: '/api/booking/now',
    prepare: async (w) => ({ body: { seminarId: (await w.fx.seminar(w.ids.trainer, { price: 4900 })).id } }),
    // the owner cannot book their own seminar
    expect: { ...all(201), guest: 401, trainer: 409 },
  },
  { method: 'GET', route: '/api/payments/status', expect: loggedIn(200) },
  { method: 'GET', route: '/api/payments/refunds', expect: loggedIn(200) },
  // refunds (issue 38 item 6): admins only, a paid payment per request
  {
    method: 'POST',
    route: '/api/admin/payments/:id/refunds',
    prepare: async (w) => ({
      url: `/api/admin/payments/${await paidPayment(w)}/refunds`,
      body: { amount: 100 },
    }),
    expect: adminOnly(201),
  },
  {
    method: 'GET',
    route: '/api/admin/payments/:id/refunds',
    prepare: async (w) => ({ url: `/api/admin/payments/${await paidPayment(w)}/refunds` }),
    expect: adminOnly(200),
  },
  {
    method: 'GET',
    route: '/api/payments/booking/:id',
    prepare: async (w) => ({ url: `/api/payments/booking/${(await studentCheckout(w)).bookingId}` }),
    expect: bookerOnly(200),
  },
  {
    method: 'POST',
    route: '/api/payments/booking/:id/sync',
    prepare: async (w) => ({ url: `/api/payments/booking/${(await studentCheckout(w)).bookingId}/sync` }),
    expect: bookerOnly(200),
  },
  {
    method: 'GET',
    route: '/api/payments/test-checkout/:paymentId',
    prepare: async (w) => ({ url: `/api/payments/test-checkout/${(await studentCheckout(w)).paymentId}` }),
    expect: bookerOnly(200),
  },
  {
    method: 'POST',
    route: '/api/payments/test-checkout/:paymentId',
    prepare: async (w) => ({
      url: `/api/payments/test-checkout/${(await studentCheckout(w)).paymentId}`,
      body: { action: 'canceled' },
    }),
    expect: bookerOnly(200),
  },
  // the provider's webhook: no login, no CSRF token; an unknown id is answered 200 and ignored
  {
    method: 'POST',
    route: '/payment/mollie/webhook',
    body: 'id=tr_unknown1',
    prepare: async () => ({ headers: FORM }),
    expect: all(200),
  },
  {
    method: 'POST',
    route: '/api/payments/webhook',
    body: 'id=tr_unknown1',
    prepare: async () => ({ headers: FORM }),
    expect: all(200),
  },
];
