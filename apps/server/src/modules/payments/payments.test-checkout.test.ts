import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, testPayments } from '../../db/schema/index.ts';
import { type Agent, buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { seminarFixtures } from '../../test/fixtures.ts';
import { drainKind } from '../../test/jobs.ts';
import { startSmtp } from '../../test/smtp.ts';
import { TEST_PAYMENT_TTL_MS } from './payments.provider.ts';

/** Without MOLLIE_API_KEY: the built-in test checkout runs the same flow offline. */
describe('paid bookings through the built-in test checkout', () => {
  let t: TestApp;
  let fx: ReturnType<typeof seminarFixtures>;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let trainerId: number;
  const clock = { t: Date.now() };

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await buildTestApp({ smtpUrl: smtp.url, rateLimitFactor: 100 }, { now: () => clock.t });
    fx = seminarFixtures(t.app);
    trainerId = (await t.make.user({ scopes: ['trainer'] })).id;
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  async function start(locale: 'de' | 'en' = 'de') {
    const user = await t.make.user({ locale });
    const agent = await t.loginAs(user.email);
    agent.lang = locale;
    const seminar = await fx.seminar(trainerId, { price: 24_900, title: `Testkasse ${user.id}` });
    const res = await agent.post('/api/booking/now', { seminarId: seminar.id });
    expect(res.statusCode, res.body).toBe(201);
    const { checkoutUrl, bookingId } = res.json() as { checkoutUrl: string; bookingId: number };
    const paymentId = checkoutUrl.split('/').pop() ?? '';
    return { user, agent, seminar, checkoutUrl, bookingId, paymentId };
  }
  const settle = (agent: Agent, paymentId: string, action: string) =>
    agent.post(`/api/payments/test-checkout/${paymentId}`, { action });
  const bookingOf = async (id: number) =>
    (await t.app.database.db.select().from(bookings).where(eq(bookings.id, id)))[0];

  it('pay: the checkout page shows the payment; paying grants the seminar through the status sync, with one mail', async () => {
    const { user, agent, seminar, checkoutUrl, bookingId, paymentId } = await start();
    expect(checkoutUrl).toMatch(new RegExp(`^${t.config.appUrl}/payment/test-checkout/tr_test[0-9a-f]+$`));
    const page = await agent.get(`/api/payments/test-checkout/${paymentId}`);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({
      id: paymentId,
      booking_id: bookingId,
      status: 'open',
      amount: 24_900,
      currency: 'CHF',
      description: `Seminar: ${seminar.title}`,
    });
    const paid = await settle(agent, paymentId, 'paid');
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toEqual({
      redirectUrl: `${t.config.appUrl}/payment/mollie/redirect?bookingId=${bookingId}`,
    });
    expect(await bookingOf(bookingId)).toMatchObject({ status: 'paid', grantedAt: expect.any(Date) });
    expect((await agent.get(`/api/payments/booking/${bookingId}`)).json()).toMatchObject({
      status: 'paid',
      abilities: { play: true },
    });
    expect((await agent.get(`/api/seminars/${seminar.id}`)).json().abilities).toMatchObject({
      booked: true,
      play: true,
    });
    const mail = await smtp.waitFor(user.email);
    expect(mail.subject).toBe(`Buchungsbestätigung: ${seminar.title}`);
    // a second click (or another action) changes nothing
    const twice = await settle(agent, paymentId, 'canceled');
    expect(twice.statusCode).toBe(200);
    expect((await bookingOf(bookingId))?.status).toBe('paid');
    expect((await agent.get(`/api/payments/test-checkout/${paymentId}`)).json().status).toBe('paid');
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.mailsTo(user.email)).toHaveLength(1);
  });

  it.each([
    ['canceled', 'canceled'],
    ['failed', 'failed'],
  ])(
    '%s at the checkout: the booking is %s, grants nothing, and can be paid again',
    async (action, status) => {
      const { user, agent, seminar, bookingId, paymentId } = await start();
      expect((await settle(agent, paymentId, action)).statusCode).toBe(200);
      expect(await bookingOf(bookingId)).toMatchObject({ status, grantedAt: null });
      expect((await agent.get(`/api/seminars/${seminar.id}`)).json().abilities.booked).toBe(false);
      expect((await agent.get(`/api/payments/booking/${bookingId}`)).json().abilities.pay).toBe(true);
      const again = await agent.post('/api/booking/now', { seminarId: seminar.id });
      expect(again.statusCode).toBe(201);
      const next = (again.json().checkoutUrl as string).split('/').pop() ?? '';
      expect(next).not.toBe(paymentId);
      expect((await settle(agent, next, 'paid')).statusCode).toBe(200);
      expect((await bookingOf(bookingId))?.status).toBe('paid');
      await smtp.waitFor(user.email);
    },
  );

  it('an open test payment expires after its time; the redirect page then sees the booking expired', async () => {
    const { agent, bookingId, paymentId } = await start();
    clock.t += TEST_PAYMENT_TTL_MS + 1000;
    try {
      expect((await agent.get(`/api/payments/test-checkout/${paymentId}`)).json().status).toBe('expired');
      const synced = await agent.post(`/api/payments/booking/${bookingId}/sync`);
      expect(synced.json()).toMatchObject({ status: 'expired', abilities: { pay: true } });
      // paying an expired payment does not pay it
      expect((await settle(agent, paymentId, 'paid')).statusCode).toBe(200);
      expect((await bookingOf(bookingId))?.status).toBe('expired');
    } finally {
      clock.t = Date.now();
    }
  });

  it('the webhook works for test payments too (it fetches from the test provider)', async () => {
    const { bookingId, paymentId } = await start();
    await t.app.database.db
      .update(testPayments)
      .set({ status: 'paid', paidAt: new Date() })
      .where(eq(testPayments.id, paymentId));
    const res = await t.agent().post('/api/payments/webhook', `id=${paymentId}`, {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      csrf: false,
    });
    expect(res.statusCode).toBe(200);
    await drainKind(t.app, 'payments.sync'); // the sync job the delivery queued
    expect((await bookingOf(bookingId))?.status).toBe('paid');
  });

  it("only the payment's owner sees or settles it; bad input is refused", async () => {
    const { agent, bookingId, paymentId } = await start();
    const other = await t.loginAs((await t.make.user()).email);
    expect((await other.get(`/api/payments/test-checkout/${paymentId}`)).statusCode).toBe(404);
    expect((await settle(other, paymentId, 'paid')).statusCode).toBe(404);
    expect((await bookingOf(bookingId))?.status).toBe('pending');
    expect((await t.agent().get(`/api/payments/test-checkout/${paymentId}`)).statusCode).toBe(401);
    expect((await agent.get('/api/payments/test-checkout/tr_test0000')).statusCode).toBe(404);
    const badId = await agent.get('/api/payments/test-checkout/..%2F..%2Fetc');
    expect(badId.statusCode).toBe(422);
    for (const body of [{}, { action: 'refund' }, { action: 'paid', amount: 1 }]) {
      const res = await agent.post(`/api/payments/test-checkout/${paymentId}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
    }
    expect((await bookingOf(bookingId))?.status).toBe('pending');
  });

  it('English: the checkout and the redirect stay under /en', async () => {
    const { checkoutUrl, bookingId, agent, paymentId } = await start('en');
    expect(checkoutUrl.startsWith(`${t.config.appUrl}/en/payment/test-checkout/`)).toBe(true);
    expect((await settle(agent, paymentId, 'canceled')).json().redirectUrl).toBe(
      `${t.config.appUrl}/en/payment/mollie/redirect?bookingId=${bookingId}`,
    );
  });
});

describe('production without MOLLIE_API_KEY', () => {
  it('switches paid booking off: 503, no test checkout', async () => {
    const t = await buildTestApp({ env: 'production' });
    try {
      const trainer = await t.make.user({ scopes: ['trainer'] });
      const seminar = await seminarFixtures(t.app).seminar(trainer.id, { price: 24_900 });
      const agent = await t.loginAs((await t.make.user()).email);
      const res = await agent.post('/api/booking/now', { seminarId: seminar.id });
      expect([res.statusCode, res.json().code]).toEqual([503, 'payment.unavailable']);
      expect((await agent.get('/api/payments/test-checkout/tr_test0000')).statusCode).toBe(404);
      expect(await t.app.database.db.select().from(bookings)).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
