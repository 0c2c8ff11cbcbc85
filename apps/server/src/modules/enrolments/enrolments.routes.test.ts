import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, enrolments } from '../../db/schema/index.ts';
import { type Agent, buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { companyFixtures } from '../../test/company-fixtures.ts';
import { seminarFixtures } from '../../test/fixtures.ts';
import { TEST_PAYMENT_TTL_MS } from '../payments/payments.provider.ts';
import { createEnrolmentsService } from './enrolments.service.ts';

const PRICE = 24_900;
type Id = { id: number };

/**
 * Who holds a seminar (issue 12) and a company assignment over a personal booking that grants
 * nothing (issue 11.1): every grant stands on its own.
 */
describe('grants: personal bookings, purchases and company assignments side by side', () => {
  let t: TestApp;
  let fx: ReturnType<typeof seminarFixtures>;
  let cx: ReturnType<typeof companyFixtures>;
  const clock = { t: Date.now() };
  let trainerId: number;
  let company: { id: number; shortName: string };
  let manager: Agent;

  beforeAll(async () => {
    t = await buildTestApp({ rateLimitFactor: 100 }, { now: () => clock.t });
    fx = seminarFixtures(t.app);
    cx = companyFixtures(t.app);
    trainerId = (await t.make.user({ scopes: ['trainer'] })).id;
    company = await t.make.company('Gamma AG');
    const m = await t.make.user({ scopes: ['corporateTraining'] });
    await t.make.member(company.id, m.id, true);
    manager = await t.loginAs(m.email);
  });
  afterAll(() => t.close());

  async function employee() {
    const user = await t.make.user();
    await t.make.member(company.id, user.id);
    return { user, agent: await t.loginAs(user.email) };
  }
  const settle = (agent: Agent, paymentId: string, action: string) =>
    agent.post(`/api/payments/test-checkout/${paymentId}`, { action });
  const assign = (seminarId: number, users: number[]) =>
    manager.post('/api/companies/assign-seminar', { seminarId, companyId: company.id, users });

  /** an employee's own purchase of a priced seminar left in `status` (it grants nothing) */
  async function stalePurchase(status: 'pending' | 'canceled' | 'failed' | 'expired') {
    const { user, agent } = await employee();
    const seminar = await fx.seminar(trainerId, { price: PRICE, title: `Stale ${status} ${user.id}` });
    await fx.chapter(seminar.id);
    const res = await agent.post('/api/booking/now', { seminarId: seminar.id });
    expect(res.statusCode, res.body).toBe(201);
    const { checkoutUrl, bookingId } = res.json() as { checkoutUrl: string; bookingId: number };
    const paymentId = checkoutUrl.split('/').pop() ?? '';
    if (status === 'canceled' || status === 'failed') {
      expect((await settle(agent, paymentId, status)).statusCode).toBe(200);
    }
    if (status === 'expired') {
      clock.t += TEST_PAYMENT_TTL_MS + 1000;
      expect((await agent.post(`/api/payments/booking/${bookingId}/sync`)).statusCode).toBe(200);
    }
    expect((await agent.get(`/api/payments/booking/${bookingId}`)).json()).toMatchObject({
      status,
      abilities: { play: false },
    });
    expect((await agent.get(`/api/chapters/seminar-booked/${seminar.id}`)).statusCode).toBe(403);
    return { user, agent, seminar, bookingId, paymentId };
  }

  for (const status of ['pending', 'canceled', 'failed', 'expired'] as const) {
    it(`an assignment grants the seminar over an own purchase left ${status}`, async () => {
      const { user, agent, seminar, bookingId, paymentId } = await stalePurchase(status);
      await cx.booking(company.id, seminar.id);

      const res = await assign(seminar.id, [user.id]);
      expect(res.statusCode).toBe(200);
      const [assigned, ...more] = res.json().assigned as { user_id: number; booking_id: number }[];
      expect(more).toEqual([]);
      expect(assigned?.user_id).toBe(user.id);
      // the answer names the company grant the employee now holds the seminar through
      const [grant] = await t.app.database.db
        .select()
        .from(enrolments)
        .where(eq(enrolments.id, assigned!.booking_id));
      expect(grant).toMatchObject({ userId: user.id, seminarId: seminar.id, source: 'company' });

      // the employee plays, is listed among the company's bookers, a link can be made
      expect((await agent.get(`/api/chapters/seminar-booked/${seminar.id}`)).statusCode).toBe(200);
      expect((await agent.get(`/api/seminars/${seminar.id}`)).json().abilities).toMatchObject({
        booked: true,
        play: true,
      });
      expect(((await agent.get('/api/seminars/booked-student')).json() as Id[]).map((s) => s.id)).toContain(
        seminar.id,
      );
      const bookers = (await manager.get(`/api/seminars/${seminar.id}/users/booked-company`)).json().data as {
        booking_id: number;
        user: Id;
      }[];
      expect(bookers).toMatchObject([{ booking_id: assigned!.booking_id, user: { id: user.id } }]);
      const link = await manager.post('/api/companies/generate-access-link', {
        seminarId: seminar.id,
        userBookedId: assigned!.booking_id,
      });
      expect(link.statusCode).toBe(201);
      const token = (link.json().url as string).split('/').pop();
      expect((await t.agent().get(`/api/companies/access-link/${token}`)).statusCode).toBe(200);

      // nothing is left to pay: no new checkout, the open one can no longer be paid
      const again = await agent.post('/api/booking/now', { seminarId: seminar.id });
      expect([again.statusCode, again.json().code]).toEqual([409, 'booking.already_booked']);
      expect((await agent.get(`/api/payments/booking/${bookingId}`)).json()).toMatchObject({
        status,
        checkout_url: null,
        abilities: { pay: false, play: true },
      });
      if (status === 'pending') {
        const pay = await settle(agent, paymentId, 'paid');
        expect([pay.statusCode, pay.json().code]).toEqual([409, 'booking.already_booked']);
        expect((await agent.get(`/api/payments/test-checkout/${paymentId}`)).json().status).toBe('open');
      }
      const [purchase] = await t.app.database.db.select().from(bookings).where(eq(bookings.id, bookingId));
      expect(purchase?.status).toBe(status);
      expect(purchase?.grantedAt).toBeNull();

      // unassigned: the purchase that granted nothing still grants nothing
      await manager.post('/api/companies/unassign-seminar', {
        seminarId: seminar.id,
        companyId: company.id,
        users: [user.id],
      });
      expect((await agent.get(`/api/chapters/seminar-booked/${seminar.id}`)).statusCode).toBe(403);
      expect((await t.agent().get(`/api/companies/access-link/${token}`)).statusCode).toBe(404);
    });
  }

  it('losing one grant leaves the others: a free booking outlives the assignment, the assignment the free grant', async () => {
    const { user, agent } = await employee();
    const seminar = await fx.seminar(trainerId, { title: `Both ${user.id}` });
    await fx.chapter(seminar.id);
    await cx.booking(company.id, seminar.id);
    expect((await agent.post('/api/booking/free', { seminarId: seminar.id })).statusCode).toBe(201);
    const res = await assign(seminar.id, [user.id]);
    expect(res.json().assigned).toMatchObject([{ user_id: user.id }]);
    const grants = await t.app.database.db.select().from(enrolments).where(eq(enrolments.userId, user.id));
    expect(grants.map((g) => g.source).sort()).toEqual(['company', 'free']);
    // the owner counts one personal learner; the company lists its assignment
    const owner = await t.loginAs((await t.make.user({ scopes: ['admin'] })).email);
    expect((await owner.get(`/api/seminars/${seminar.id}`)).json().bookings_count).toBe(1);
    await manager.post('/api/companies/unassign-seminar', {
      seminarId: seminar.id,
      companyId: company.id,
      users: [user.id],
    });
    expect((await agent.get(`/api/chapters/seminar-booked/${seminar.id}`)).statusCode).toBe(200);
    expect(((await agent.get('/api/seminars/booked-student')).json() as Id[]).map((s) => s.id)).toEqual([
      seminar.id,
    ]);
  });

  it('a paid own purchase stays when the company assignment ends; the assignment stays when the member held it already', async () => {
    const { user, agent } = await employee();
    const seminar = await fx.seminar(trainerId, { price: PRICE, title: `Bought ${user.id}` });
    await fx.chapter(seminar.id);
    const { checkoutUrl } = (await agent.post('/api/booking/now', { seminarId: seminar.id })).json();
    expect((await settle(agent, checkoutUrl.split('/').pop(), 'paid')).statusCode).toBe(200);
    await cx.booking(company.id, seminar.id);
    expect((await assign(seminar.id, [user.id])).json().assigned).toMatchObject([{ user_id: user.id }]);
    // leaving the company ends the assignment only
    const managerRemoves = await manager.delete(`/api/companies/${company.id}/members/${user.id}`);
    expect(managerRemoves.statusCode).toBe(204);
    expect((await agent.get(`/api/chapters/seminar-booked/${seminar.id}`)).statusCode).toBe(200);
    const grants = await t.app.database.db.select().from(enrolments).where(eq(enrolments.userId, user.id));
    expect(grants.map((g) => g.source)).toEqual(['purchase']);
  });

  it('lists a seminar’s learners, personal and company, a page at a time, and the seminars a person holds', async () => {
    const enrolmentsService = createEnrolmentsService({ db: t.app.database.db });
    const seminar = await fx.seminar(trainerId, { title: 'Learners' });
    const personal = await Promise.all([employee(), employee()]);
    const assigned = await Promise.all([employee(), employee(), employee()]);
    for (const p of personal) await p.agent.post('/api/booking/free', { seminarId: seminar.id });
    await cx.booking(company.id, seminar.id);
    await assign(
      seminar.id,
      assigned.map((a) => a.user.id),
    );
    const first = await enrolmentsService.learners(seminar.id, { page: 1, per_page: 4 });
    const second = await enrolmentsService.learners(seminar.id, { page: 2, per_page: 4 });
    expect([first.total, first.last_page, first.data.length, second.data.length]).toEqual([5, 2, 4, 1]);
    const everyone = [...first.data, ...second.data].map((l) => `${l.grant.source}:${l.user.id}`).sort();
    expect(everyone).toEqual(
      [...personal.map((p) => `free:${p.user.id}`), ...assigned.map((a) => `company:${a.user.id}`)].sort(),
    );
    const companyOnly = await enrolmentsService.learners(seminar.id, {
      page: 1,
      per_page: 10,
      kind: 'company',
    });
    expect(companyOnly.data.map((l) => l.grant.companyId)).toEqual([company.id, company.id, company.id]);
    expect(
      (await enrolmentsService.learners(seminar.id, { page: 1, per_page: 10, kind: 'personal' })).total,
    ).toBe(2);
    expect(await enrolmentsService.seminarsOf(personal[0]!.user.id)).toMatchObject([
      { seminarId: seminar.id },
    ]);
    expect(await enrolmentsService.holds(assigned[0]!.user.id, seminar.id)).toBe(true);
    expect(await enrolmentsService.holds(assigned[0]!.user.id, seminar.id + 100_000)).toBe(false);
  });
});
